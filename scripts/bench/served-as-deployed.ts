// The bench measures the server as it is run: with the Node flags of `npm run serve` (read from
// package.json, so the two cannot drift apart) and the allocator setting docs/deploy.md gives
// a Linux host. The server's memory after a run is one of the figures it reports.
import { readFileSync } from 'node:fs';

/**
 * `node --flag … dist/server/main.js` → the arguments after `node`. Anything else (a shell
 * construct, another program) is refused: the bench could not start it the same way.
 */
export function nodeArgumentsOf(script: string): string[] {
  const [program, ...args] = script.trim().split(/\s+/);
  if (program !== 'node' || args.length === 0 || args.some((arg) => /[&|;<>$`'"]/.test(arg))) {
    throw new Error(`the serve script must be "node [flags] <file>", not: ${script}`);
  }
  return args;
}

/** The arguments `npm run serve` passes to node. */
export function serveArguments(packageJsonPath = 'package.json'): string[] {
  const { scripts } = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as {
    scripts?: Record<string, string>;
  };
  if (!scripts?.serve) throw new Error(`${packageJsonPath} has no serve script`);
  return nodeArgumentsOf(scripts.serve);
}

/**
 * glibc keeps up to eight malloc arenas per core, one for each thread that allocated, and
 * keeps their freed memory. Image work (sharp's threads) leaves tens of MiB behind that way;
 * two arenas keep it in check (docs/deploy.md). A value the caller set wins.
 */
export const DEPLOYED_ENVIRONMENT: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

export function deployedEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...DEPLOYED_ENVIRONMENT, ...env };
}
