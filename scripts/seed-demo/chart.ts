import sharp from 'sharp';
import type { Random } from './random.ts';

const WIDTH = 1200;
const HEIGHT = 675;
const PLOT = { left: 24, right: WIDTH - 96, top: 64, bottom: HEIGHT - 32 };
const CANDLES = 64;
const COLORS = {
  background: '#0f172a',
  grid: '#1e293b',
  text: '#94a3b8',
  up: '#22c55e',
  down: '#ef4444',
  average: '#60a5fa',
  entry: '#e2e8f0',
};

interface Candle {
  open: number;
  high: number;
  low: number;
  close: number;
}

function randomCandles(random: Random): Candle[] {
  const drift = random.between(-0.12, 0.12);
  let price = random.between(1.05, 1.35);
  return Array.from({ length: CANDLES }, () => {
    const open = price;
    const close = open + (drift + random.between(-1, 1)) * 0.0012;
    price = close;
    return {
      open,
      close,
      high: Math.max(open, close) + random.next() * 0.0008,
      low: Math.min(open, close) - random.next() * 0.0008,
    };
  });
}

const XML_ENTITIES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
};
const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => XML_ENTITIES[c] ?? c);

function chartSvg(candles: Candle[], title: string, entryIndex: number): string {
  const low = Math.min(...candles.map((c) => c.low));
  const high = Math.max(...candles.map((c) => c.high));
  const y = (price: number) =>
    PLOT.bottom - ((price - low) / (high - low)) * (PLOT.bottom - PLOT.top);
  const step = (PLOT.right - PLOT.left) / CANDLES;
  const x = (i: number) => PLOT.left + step * (i + 0.5);

  const grid = Array.from({ length: 6 }, (_, i) => {
    const price = low + ((high - low) * i) / 5;
    return `<line x1="${PLOT.left}" x2="${PLOT.right}" y1="${y(price)}" y2="${y(price)}" stroke="${COLORS.grid}"/>
<text x="${PLOT.right + 12}" y="${y(price) + 5}" fill="${COLORS.text}" font-size="14">${price.toFixed(4)}</text>`;
  });
  const bodies = candles.map((c, i) => {
    const color = c.close >= c.open ? COLORS.up : COLORS.down;
    const top = y(Math.max(c.open, c.close));
    const height = Math.max(1, y(Math.min(c.open, c.close)) - top);
    return `<line x1="${x(i)}" x2="${x(i)}" y1="${y(c.high)}" y2="${y(c.low)}" stroke="${color}" stroke-width="2"/>
<rect x="${x(i) - step * 0.35}" y="${top}" width="${step * 0.7}" height="${height}" fill="${color}"/>`;
  });
  // A 10-candle moving average, as most charting platforms draw by default.
  const average = candles
    .map((_, i) => {
      const window = candles.slice(Math.max(0, i - 9), i + 1);
      const mean = window.reduce((sum, c) => sum + c.close, 0) / window.length;
      return `${x(i)},${y(mean)}`;
    })
    .join(' ');
  const entry = candles[entryIndex]!.close;
  const level = (price: number, color: string, label: string) =>
    `<line x1="${x(entryIndex)}" x2="${PLOT.right}" y1="${y(price)}" y2="${y(price)}" stroke="${color}" stroke-width="2" stroke-dasharray="8 6"/>
<text x="${x(entryIndex)}" y="${y(price) - 8}" fill="${color}" font-size="14">${label}</text>`;
  const risk = (high - low) * 0.12;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" font-family="sans-serif">
<rect width="100%" height="100%" fill="${COLORS.background}"/>
<text x="${PLOT.left}" y="38" fill="#e2e8f0" font-size="22" font-weight="bold">${escapeXml(title)}</text>
<text x="${PLOT.right}" y="38" fill="${COLORS.text}" font-size="16" text-anchor="end">5m</text>
${grid.join('\n')}
${bodies.join('\n')}
<polyline points="${average}" fill="none" stroke="${COLORS.average}" stroke-width="2"/>
${level(entry, COLORS.entry, 'Entry')}
${level(entry - risk, COLORS.down, 'Stop')}
${level(entry + 2 * risk, COLORS.up, 'Target')}
</svg>`;
}

/** A PNG that looks like a trader's chart screenshot: candles, a moving average, the trade's levels. */
export function renderChartPng(random: Random, title: string): Promise<Buffer> {
  const candles = randomCandles(random);
  const entryIndex = Math.floor(random.between(CANDLES * 0.5, CANDLES * 0.8));
  return sharp(Buffer.from(chartSvg(candles, title, entryIndex)))
    .png()
    .toBuffer();
}
