// Debian's Chromium for Lighthouse, started here rather than through chrome-launcher (a
// dependency of lighthouse, not of ours): the same flags the e2e tests use, which keep it off
// the network (no component updates, no sync, no Google services), and a throwaway profile.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// An empty CHROME_PATH counts as unset, as in playwright.config.ts.
export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--metrics-recording-only',
  '--mute-audio',
];

export interface Chromium {
  /** The DevTools port Lighthouse connects to. */
  port: number;
  stop(): Promise<void>;
}

/** Starts Chromium with a DevTools port of the OS's choosing and answers it once listening. */
export async function launchChromium(): Promise<Chromium> {
  const profile = mkdtempSync(join(tmpdir(), 'rulekeeper-audit-chromium-'));
  // Its own process group: Debian's launcher is a shell script, and stopping the group ends
  // the browser with every helper process it started, and nothing else.
  const child = spawn(
    CHROME_PATH,
    [...FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await exited;
    }
    rmSync(profile, { recursive: true, force: true });
  };

  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`Chromium (${CHROME_PATH}) did not open a DevTools port:\n${output}`)),
      30_000,
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`Could not start Chromium at ${CHROME_PATH}: ${error.message}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before it was ready:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  // Chromium's own chatter (GPU, D-Bus) is not ours to print; keep draining it.
  child.stderr?.resume();
  return { port, stop };
}
