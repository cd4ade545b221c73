import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Node options that make a process print `imported <package>` on standard error whenever one
 * of `packages` is imported: a module-resolution hook (`module.register`), written to `folder`.
 * It sees ESM imports, static and dynamic, which is how the server imports its libraries.
 */
export function recordImports(folder: string, packages: string[]): { NODE_OPTIONS: string } {
  const hooks = join(folder, 'import-hooks.mjs');
  const register = join(folder, 'import-register.mjs');
  writeFileSync(
    hooks,
    `const watched = new Set(${JSON.stringify(packages)});
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (watched.has(specifier)) process.stderr.write('imported ' + specifier + '\\n');
  return result;
}
`,
  );
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${hooks}`)});\n`,
  );
  return { NODE_OPTIONS: `--import=${register}` };
}
