import {
  EXPORT_FORMAT,
  EXPORT_JSON_NAME,
  EXPORT_MAX_SESSIONS,
  EXPORT_VERSION,
  exportFileSchema,
  exportImagePathSchema,
  type ExportFile,
} from '#shared/schemas/export.ts';
import { SCREENSHOT_MAX_BYTES } from '#shared/constants.ts';
import {
  foreignFormat,
  imagesNeedZip,
  invalidExport,
  missingImage,
  noExportJson,
  notJson,
  unknownVersion,
  zipRefused,
} from './data-transfer.errors.ts';
import { readZip, ZipRejected, type ZipLimits } from './zip-reader.ts';

const MB = 1024 * 1024;

/**
 * An imported screenshot's file, at most. An export made before 2026-12-07 holds each image as
 * it was re-encoded then, which could be larger than the upload it came from (quality 90 of a
 * JPEG saved lower, a GIF's frame as a PNG); three times the upload's limit holds such files.
 * It is stored within the upload's limit (`import.service.ts`).
 */
export const IMPORTED_SCREENSHOT_MAX_BYTES = 3 * SCREENSHOT_MAX_BYTES;

/** What an import ZIP may unpack to: the document, and a screenshot per session at most. */
const IMPORT_ZIP_LIMITS: ZipLimits = {
  maxEntries: EXPORT_MAX_SESSIONS + 10,
  maxEntryBytes: (name) => (name === EXPORT_JSON_NAME ? 200 * MB : IMPORTED_SCREENSHOT_MAX_BYTES),
  maxTotalBytes: 512 * MB,
};

const isWanted = (name: string) =>
  name === EXPORT_JSON_NAME || exportImagePathSchema.safeParse(name).success;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the document whole: its format and version first, so a foreign file is told so. */
function parseExportDocument(raw: unknown): ExportFile {
  if (!isRecord(raw) || raw.format !== EXPORT_FORMAT) throw foreignFormat();
  if (raw.version !== EXPORT_VERSION) throw unknownVersion(raw.version);
  const parsed = exportFileSchema.safeParse(raw);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw invalidExport(issue?.path.join('.') ?? '', issue?.message ?? 'Invalid input');
  }
  return parsed.data;
}

/** What `POST /api/import` received: a ZIP's bytes, or the bare `export.json`'s. */
export interface ImportUpload {
  kind: 'zip' | 'json';
  bytes: Buffer;
}

export interface ImportFile {
  document: ExportFile;
  /** The screenshots the sessions name, their bytes by their path (`images/abc.png`). */
  images: Map<string, Buffer>;
}

/** The document's text; a byte-order mark (Notepad writes one) is not part of the JSON. */
function parseJson(bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  try {
    return JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch {
    throw notJson();
  }
}

/**
 * The upload as a checked export: a ZIP (unpacked within limits, names checked) holding
 * `export.json`, or that JSON alone. Every screenshot the document names must be in the ZIP.
 * Throws a 400 (or 413) that says what is wrong; nothing has been written yet. The server runs
 * this in a process of its own (import-reader.ts), never on the thread that answers requests.
 */
export function readImportFile({ kind, bytes }: ImportUpload): ImportFile {
  let json = bytes;
  let images = new Map<string, Buffer>();
  if (kind === 'zip') {
    let entries: Map<string, Buffer>;
    try {
      entries = readZip(bytes, { wanted: isWanted, limits: IMPORT_ZIP_LIMITS });
    } catch (error) {
      if (error instanceof ZipRejected) {
        throw zipRefused(error.problem, error.entry, IMPORT_ZIP_LIMITS);
      }
      throw error;
    }
    const found = entries.get(EXPORT_JSON_NAME);
    if (!found) throw noExportJson();
    entries.delete(EXPORT_JSON_NAME);
    json = found;
    images = entries;
  }

  const document = parseExportDocument(parseJson(json));
  // Only the screenshots the sessions name go on: others in the ZIP are dropped here.
  const named = new Map<string, Buffer>();
  for (const session of document.sessions) {
    if (!session.screenshot) continue;
    if (kind === 'json') throw imagesNeedZip();
    const bytes = images.get(session.screenshot);
    if (!bytes) throw missingImage(session.screenshot);
    named.set(session.screenshot, bytes);
  }
  return { document, images: named };
}
