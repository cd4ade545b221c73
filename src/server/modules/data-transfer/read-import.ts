/**
 * The import reader's process (import-reader.ts starts one per import, and the build bundles
 * this file as dist/server/read-import.js). It reads one upload from its standard input (its
 * kind, `zip` or `json`, is its argument), checks it with readImportFile, answers the checked
 * file in pieces and exits. A file that would take more memory than it is given ends this
 * process, not the server.
 */
import { AppError } from '../../errors.ts';
import { readImportFile, type ImportUpload } from './import-file.ts';
import type { ReaderMessage } from './import-reader.ts';

/**
 * Sessions per message: the server reads each message between its other requests, so a large
 * file never holds its thread for long (1,000 of 70 checklist items each held it 149 ms).
 */
const SESSIONS_PER_MESSAGE = 100;

function send(message: ReaderMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    process.send!(message, (error: Error | null) => (error ? reject(error) : resolve()));
  });
}

async function readInput(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function answer(kind: ImportUpload['kind']) {
  try {
    const { document, images } = readImportFile({ kind, bytes: await readInput() });
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

const kind = process.argv[2];
if (kind !== 'zip' && kind !== 'json') throw new Error(`Unknown upload kind: ${kind}`);
// The server went away (it stopped, or gave up on this import): nothing is waiting for us.
process.on('disconnect', () => process.exit(0));
void answer(kind);
