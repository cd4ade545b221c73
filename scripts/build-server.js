// Bundles the server into dist/server/main.js, and the operator commands (image sweep, account
// management, the demo seeder) beside it (dependencies stay in node_modules); then precompresses
// the built client so it is served as Brotli or gzip without per-request work. `--server-only`
// skips the client step: the operator commands bundle themselves before they run. `--outdir DIR`
// puts the bundle elsewhere (the tests' own, inside the project so that its imports find
// node_modules).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const USAGE = 'Usage: node scripts/build-server.js [--server-only] [--outdir DIR]';

/** The options, or a line saying what is wrong with them and how to call this script. */
function readOptions() {
  try {
    return parseArgs({
      options: {
        'server-only': { type: 'boolean', default: false },
        outdir: { type: 'string', default: 'dist/server' },
      },
    }).values;
  } catch (error) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
}

const options = readOptions();
const { outdir } = options;

await build({
  // Named, so that the commands sit beside main.js whichever folder their source is in.
  entryPoints: {
    main: 'src/server/main.ts',
    'sweep-images': 'src/server/sweep-images.ts',
    'manage-users': 'src/server/manage-users.ts',
    'seed-demo': 'scripts/seed-demo.ts',
    // The import reader's process, which main.js starts for each import.
    'read-import': 'src/server/modules/data-transfer/read-import.ts',
  },
  outdir,
  bundle: true,
  // A module imported on demand (the S3 driver, with the AWS SDK) becomes a chunk of its own,
  // loaded only by a server configured to use it; the commands share the rest.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

if (options['server-only']) process.exit(0);

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for (const path of files('dist/client')) {
  if (!COMPRESSIBLE.test(path)) continue;
  const content = readFileSync(path);
  if (content.length < MIN_BYTES) continue;
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
}
console.log(`server bundled to ${join(outdir, 'main.js')}; ${count} client files precompressed`);
