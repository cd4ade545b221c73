// Cuts the app's own face of Inter out of @fontsource-variable/inter's Latin file, once: the
// result is committed as src/client/fonts/inter-core-wght.woff2. Run again when the package's
// font changes or when the app's texts need a character the face leaves out (the e2e test
// `fonts.spec.ts` finds that: the page then asks for the whole Latin file too):
//
//   apt-get install -y fonttools python3-brotli    (Debian's fontTools: pyftsubset, instancer)
//   npx tsx scripts/subset-font.ts
//
// What it keeps, and why, is in docs/decisions/0046-the-app-font.md. The Unicode range it
// keeps must match the `unicode-range` of the face in src/client/index.css.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';
const OUTPUT = 'src/client/fonts/inter-core-wght.woff2';

/** ASCII, Latin-1's punctuation and signs (not its letters), and the typographer's marks. */
export const CORE_UNICODE_RANGE =
  'U+0020-007E,U+00A0-00BF,U+00D7,U+00F7,U+2013-2014,U+2018-201A,U+201C-201E,U+2022,U+2026,U+2030,U+2039-203A,U+2044,U+202F,U+20AC,U+2122,U+2212';

/** The weights the app's styles use: Tailwind's font-normal to font-bold. */
const WEIGHTS = '400:700';

/** fontTools stamps the font with the time of the cut unless given one: same input, same bytes. */
const REPRODUCIBLE = { env: { ...process.env, SOURCE_DATE_EPOCH: '0' } };

function subsetFont() {
  const work = mkdtempSync(join(tmpdir(), 'rulekeeper-font-'));
  try {
    const subset = join(work, 'subset.woff2');
    execFileSync(
      'pyftsubset',
      [
        SOURCE,
        `--unicodes=${CORE_UNICODE_RANGE}`,
        // pyftsubset's default features (kerning, ligatures, contextual forms), and the tabular
        // figures that `tabular-nums` asks for.
        '--layout-features+=tnum',
        // The copyright and licence (the SIL Open Font License) stay with the font.
        '--name-IDs=*',
        '--flavor=woff2',
        `--output-file=${subset}`,
      ],
      REPRODUCIBLE,
    );
    execFileSync(
      'fonttools',
      ['varLib.instancer', '-q', subset, `wght=${WEIGHTS}`, '-o', OUTPUT],
      REPRODUCIBLE,
    );
    console.log(`${OUTPUT}: ${statSync(OUTPUT).size} bytes (from ${statSync(SOURCE).size})`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) subsetFont();
