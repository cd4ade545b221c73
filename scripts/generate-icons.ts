// Draws the tab's icon and the installable app's PNG icons from the product mark (the drawing
// of components/logo.tsx), once: the PNGs are committed in src/client/public/. Run again only
// when the mark changes: `npx tsx scripts/generate-icons.ts`.
import { join } from 'node:path';
import sharp from 'sharp';

const OUT_DIR = 'src/client/public';
const BRAND = '#047857';

/** The three candlesticks on a 32-unit grid, as in components/logo.tsx. */
const MARK = `
  <g stroke-width="2" stroke-linecap="round">
    <path d="M9 14.5v11" stroke="#a7f3d0"/>
    <path d="M16 10v12" stroke="#d1fae5"/>
    <path d="M23 5.5v12" stroke="#fff"/>
  </g>
  <rect x="6.5" y="17" width="5" height="6" rx="1" fill="#a7f3d0"/>
  <rect x="13.5" y="12" width="5" height="7.5" rx="1" fill="#d1fae5"/>
  <rect x="20.5" y="7.5" width="5" height="8" rx="1" fill="#fff"/>`;

/** The favicon as it is: a rounded tile, transparent corners. */
const roundedTile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="8" fill="${BRAND}"/>${MARK}
</svg>`;

/**
 * Full bleed, the mark shrunk into the middle: the platform cuts its own shape (circle,
 * squircle) and only the central 80% circle is sure to be kept, so the mark stays in 60%.
 * Apple's home screen rounds the corners itself, so its icon is this drawing too.
 */
const fullBleedTile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" fill="${BRAND}"/>
  <g transform="translate(16 16) scale(0.72) translate(-16 -16)">${MARK}</g>
</svg>`;

const icons = [
  // The tab's icon: a PNG, not an SVG, which Chromium draws by building an SVG document of its
  // own on the page's main thread (7 to 40 ms at every page load, docs/performance.md). 48
  // pixels: the tab's 16 at three device pixels per CSS pixel.
  { file: 'favicon.png', size: 48, svg: roundedTile },
  { file: 'icon-192.png', size: 192, svg: roundedTile },
  { file: 'icon-512.png', size: 512, svg: roundedTile },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleedTile },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleedTile },
];

for (const { file, size, svg } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(OUT_DIR, file));
  console.log(`${file}: ${size}×${size}`);
}
