import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { inject } from 'vitest';

export interface ServerProcess {
  child: ReturnType<typeof spawn>;
  /** The exit code; null when a signal ended the process (SIGKILL). */
  exited: Promise<number | null>;
  /** Everything printed so far, standard output and error together. */
  output: () => string;
  /** Resolves when the output matches, so a test acts on what the server did, not on a timer. */
  waitForOutput: (pattern: RegExp) => Promise<RegExpMatchArray>;
  /** The server's address once it listens (it prints its port: PORT=0 takes any free one). */
  address: () => Promise<string>;
}

/**
 * The Node command line of the server or an operator command: the bundle that `npm run serve`
 * and the `user:`, `sweep:` and `seed:` scripts run, as the tests' global setup built it from
 * this checkout (src/testing/global-setup.ts).
 */
export function builtCommand(
  entry: 'main' | 'manage-users' | 'sweep-images' | 'seed-demo',
  args: string[] = [],
): [command: string, args: string[]] {
  return [process.execPath, [join(inject('serverBundle'), `${entry}.js`), ...args]];
}

/**
 * Runs the server's bundle, as `npm run serve` does, on any free port, and collects what it
 * prints. `env` adds to (or, with '', empties) the test's own environment; give DATA_DIR.
 * `prefix` runs the server under another command (`setpriv … --`).
 */
export function startServer(env: Record<string, string>, prefix: string[] = []): ServerProcess {
  const [node, nodeArgs] = builtCommand('main');
  const [command = node, ...args] = [...prefix, node, ...nodeArgs];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: Array<{ pattern: RegExp; resolve: (match: RegExpMatchArray) => void }> = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...waiters]) {
      const match = output.match(waiter.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const waitForOutput = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const match = output.match(pattern);
      if (match) return resolve(match);
      waiters.push({ pattern, resolve });
      void exited.then(() => reject(new Error(`exited before printing ${pattern}:\n${output}`)));
    });
  const address = async () => {
    const [, port] = await waitForOutput(/on http:\/\/localhost:(\d+)/);
    return `http://127.0.0.1:${port}`;
  };
  return { child, exited, output: () => output, waitForOutput, address };
}

/** The lines a failed start printed, without npm's or Node's own warnings. */
export function linesOf(output: string) {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.includes('ExperimentalWarning'));
}
