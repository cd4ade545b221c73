import { get } from 'node:http';
import type { Page, TestInfo } from '@playwright/test';

/** One kilobyte as the budgets (and Vite's build report) count it. */
export const KB = 1000;

export interface ScriptDownload {
  url: string;
  /** The bytes of the script's gzip answer, as a browser asking for gzip receives them. */
  gzipBytes: number;
  /** The bytes this browser received (Chromium asks for Brotli too), for comparison. */
  receivedBytes: number;
}

/**
 * The size of `url`'s answer on the wire when gzip is the only encoding asked for. Node's http
 * client does not decode, so the bytes counted are the ones sent: the precompressed `.gz` copy,
 * or the file itself when it is too small to have one.
 */
export function gzipTransferSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url} answered ${response.statusCode}`));
        return;
      }
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * Starts counting every script `page` fetches from its own site: `<script>` tags, module
 * preloads and the chunks imported on demand (all are Chromium's resource type "script").
 * `finish` waits for the answers and measures each script's gzip size.
 */
export function recordScripts(page: Page) {
  const received = new Map<string, Promise<number>>();
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    received.set(
      request.url(),
      request.sizes().then((sizes) => sizes.responseBodySize),
    );
  });
  return {
    async finish(): Promise<ScriptDownload[]> {
      const downloads = await Promise.all(
        [...received].map(async ([url, receivedBytes]) => ({
          url,
          gzipBytes: await gzipTransferSize(url),
          receivedBytes: await receivedBytes,
        })),
      );
      return downloads.sort((a, b) => b.gzipBytes - a.gzipBytes);
    },
  };
}

export function totalGzipBytes(downloads: ScriptDownload[]) {
  return downloads.reduce((sum, download) => sum + download.gzipBytes, 0);
}

const kB = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

/** Prints the scripts and their total against the budget, and attaches the same to the report. */
export async function reportScripts(
  testInfo: TestInfo,
  screen: string,
  downloads: ScriptDownload[],
  budgetBytes: number,
) {
  const total = totalGzipBytes(downloads);
  const lines = [
    `JavaScript for ${screen}: ${kB(total)} gzip (budget ${kB(budgetBytes)}), ` +
      `${kB(downloads.reduce((sum, d) => sum + d.receivedBytes, 0))} as received, ` +
      `${downloads.length} scripts`,
    ...downloads.map(
      (d) =>
        `  ${kB(d.gzipBytes).padStart(9)} gzip ${kB(d.receivedBytes).padStart(9)} received  ` +
        new URL(d.url).pathname,
    ),
  ];
  console.log(lines.join('\n'));
  await testInfo.attach(`javascript-${screen}`, {
    body: lines.join('\n'),
    contentType: 'text/plain',
  });
  return total;
}
