import { MAX_RULES_PER_USER } from '#shared/constants.ts';
import { EXPORT_JSON_NAME, EXPORT_VERSION } from '#shared/schemas/export.ts';
import { AppError, createErrorFactory } from '../../errors.ts';
import type { ImageProblem } from '../../images/process-image.ts';
import type { ZipProblem } from './zip-reader.ts';

export const IMPORT_TOO_LARGE = 'The import file must be at most 200 MB';

/** Every refusal of an import is a 400 (or 413) that names what is wrong; nothing was changed. */
function invalidImport(code: string, message: string, statusCode = 400) {
  return new AppError({ code: `import.${code}`, statusCode, message });
}

const MB = 1024 * 1024;

export function zipRefused(problem: ZipProblem, entry: string | undefined, limits: ZipWords) {
  switch (problem) {
    case 'not-a-zip':
      return invalidImport('not_a_zip', 'The file is not a ZIP file');
    case 'damaged':
      return invalidImport('damaged', 'The ZIP file is damaged or incomplete');
    case 'too-many-entries':
      return invalidImport(
        'too_many_entries',
        `The ZIP file holds more than ${limits.maxEntries.toLocaleString('en-US')} files`,
      );
    case 'unsafe-name':
      return invalidImport(
        'unsafe_name',
        `The ZIP file holds a file with an unsafe name: ${JSON.stringify(entry)}`,
      );
    case 'repeated-name':
      return invalidImport('repeated_name', `The ZIP file holds ${entry} twice`);
    case 'entry-too-large':
      return invalidImport('entry_too_large', `${entry} is too large once unpacked`, 413);
    case 'too-large':
      return invalidImport(
        'unpacks_too_large',
        `The ZIP file unpacks to more than ${limits.maxTotalBytes / MB} MB`,
        413,
      );
  }
}

interface ZipWords {
  maxEntries: number;
  maxTotalBytes: number;
}

export const noExportJson = () =>
  invalidImport(
    'no_export_json',
    `The ZIP file holds no ${EXPORT_JSON_NAME}: it is not a Rulekeeper export`,
  );

export const notJson = () => invalidImport('not_json', 'The export file is not valid JSON');

export const foreignFormat = () =>
  invalidImport('foreign_format', 'This is not a Rulekeeper export file');

/**
 * The file's version as a trader can read it: a number, or a short word. Anything else is named
 * by what it is not, never echoed: a version 10,000 arrays deep once overflowed the stack while
 * being written into this message (a 500), and a shallower one came back whole.
 */
function describeVersion(version: unknown): string {
  if (typeof version === 'number' && Number.isFinite(version)) return `version ${version}`;
  if (typeof version === 'string' && /^[\w.-]{1,20}$/.test(version)) return `version "${version}"`;
  return 'of an unknown version';
}

export const unknownVersion = (version: unknown) =>
  invalidImport(
    'unknown_version',
    `This export file is ${describeVersion(version)}; this version of Rulekeeper reads version ${EXPORT_VERSION}`,
  );

/** The first thing wrong in the document, with where it is (`sessions.3.name: …`). */
export const invalidExport = (path: string, message: string) =>
  invalidImport('invalid', `The export file is not valid: ${path ? `${path}: ` : ''}${message}`);

export const missingImage = (path: string) =>
  invalidImport('missing_image', `The export file names ${path}, which it does not hold`);

export const imagesNeedZip = () =>
  invalidImport(
    'images_need_zip',
    'This export names screenshots: import the whole ZIP file, not its export.json alone',
  );

export function imageRefused(path: string, problem: ImageProblem) {
  if (problem === 'too-many-bytes') {
    return invalidImport('image_too_large', `${path} must be at most 10 MB`, 413);
  }
  if (problem === 'too-many-pixels') {
    return invalidImport('image_too_many_pixels', `${path} has too many pixels`);
  }
  return invalidImport('not_an_image', `${path} must be a PNG, JPEG, WebP or GIF image`);
}

export const tooManyRulesAfterImport = (count: number) =>
  new AppError({
    code: 'import.too_many_rules',
    statusCode: 409,
    message: `Importing this file would give you ${count} trading rules: you can keep at most ${MAX_RULES_PER_USER}`,
  });

/** Past the reader's memory (`IMPORT_MEMORY_MB`) or its time: far more values than exports hold. */
export const tooMuchToRead = () =>
  invalidImport(
    'too_much_to_read',
    'The export file holds more than this server can read in one import',
    413,
  );

/**
 * The file's screenshots took longer to store than one import may (import-reader.ts,
 * STORE_WITHIN_MS): thousands of large ones. Those stored are removed; nothing was changed.
 */
export const tooSlowToStore = () =>
  invalidImport(
    'too_slow_to_store',
    'The export file holds more screenshots than this server can process in one import',
    413,
  );

/**
 * The trader's own import is still under way (a second tab, a second click): refused before
 * its upload is read, so that one trader holds one upload in the server's memory at most.
 */
export const importUnderway = createErrorFactory({
  code: 'import.underway',
  statusCode: 429,
  message: 'An import of yours is still being read: please wait for it to finish',
});

/**
 * The reader is busy with one import and others wait behind it (import-reader.ts); refused
 * before the upload is read when the instance holds as many imports as that (import-claims.ts).
 */
export const importsBusy = createErrorFactory({
  code: 'import.busy',
  statusCode: 503,
  message: 'Other imports are being read: please try again in a minute',
  headers: { 'retry-after': '60' },
});

/** The server is closing (a restart): the file was not read, and nothing was changed. */
export const importInterrupted = createErrorFactory({
  code: 'import.interrupted',
  statusCode: 503,
  message: 'The server is restarting: please import the file again in a minute',
  headers: { 'retry-after': '60' },
});
