/**
 * The import reader's process (import-reader.ts starts one per import, and the build bundles
 * this file as dist/server/read-import.js). It takes one upload, checks it with
 * readImportFile, answers the checked file in pieces and exits. A file that would take more
 * memory than it is given ends this process, not the server.
 */
import { AppError } from '../../errors.ts';
import { readImportFile, type ImportUpload } from './import-file.ts';
import type { ReaderMessage } from './import-reader.ts';

/**
 * Sessions per message: the server reads each message between its other requests, so a large
 * file never holds its thread for long.
 */
const SESSIONS_PER_MESSAGE = 100;

function send(message: ReaderMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    process.send!(message, (error: Error | null) => (error ? reject(error) : resolve()));
  });
}

async function answer(upload: ImportUpload) {
  try {
    const { document, images } = readImportFile(upload);
    for (const [path, bytes] of images) await send({ type: 'image', path, bytes });
    const { sessions } = document;
    for (let start = 0; start < sessions.length; start += SESSIONS_PER_MESSAGE) {
      await send({
        type: 'sessions',
        sessions: sessions.slice(start, start + SESSIONS_PER_MESSAGE),
      });
    }
    await send({ type: 'done', document: { ...document, sessions: [] } });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { code, statusCode, message } = error;
    await send({ type: 'refused', code, statusCode, message });
  }
  process.disconnect();
}

// The server went away (it stopped, or gave up on this import): nothing is waiting for us.
process.on('disconnect', () => process.exit(0));
process.once('message', (upload: ImportUpload) => void answer(upload));
