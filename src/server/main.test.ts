import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'rk-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `src/server/main.ts` as `npm run dev` does, and collects what it prints. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, output: () => output };
}

async function waitFor(url: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

describe('the server process', () => {
  test('a bad configuration value stops the start with a message naming the variable', async () => {
    const server = startServer({ PORT: 'eighty', SIGNUP: 'maybe' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT: must be a port number from 1 to 65535');
    expect(server.output()).toContain('SIGNUP:');
  });

  test('SIGTERM lets an in-flight request finish, then exits cleanly', async () => {
    const port = String(5600 + Math.floor(Math.random() * 300));
    const server = startServer({ PORT: port });
    await waitFor(`http://127.0.0.1:${port}/api/health`);

    // A signup spends a while hashing the password: the signal lands while it is in flight.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'late',
        password: 'long-enough',
        fullName: 'Late Trader',
        email: 'late@example.com',
      }),
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill('SIGTERM');

    expect((await inFlight).status).toBe(201);
    expect(await server.exited).toBe(0);
    // The answer was sent after the shutdown began: the request really was in flight.
    const log = server.output();
    expect(log.indexOf('shutting down')).toBeGreaterThan(-1);
    expect(log.indexOf('"statusCode":201')).toBeGreaterThan(log.indexOf('shutting down'));
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});
