import { config, z } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/*
 * The one door to zod. Its small build (`zod/mini`) builds the same schemas as the classic one,
 * with the same checks, messages and JSON Schema, from functions instead of methods, so a page
 * evaluates and downloads only the parts its schemas use (docs/decisions/0051). Unlike the
 * classic build it brings no language for zod's own messages ("Unrecognized key: …"): English
 * is set here, before any module that imports `z` from this one can check a value.
 */
config(en());

export { z };
