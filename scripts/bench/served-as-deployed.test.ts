import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deployedEnvironment, nodeArgumentsOf, serveArguments } from './served-as-deployed.ts';

describe('the server as the bench starts it', () => {
  it("takes the Node flags and file of the project's own serve script", () => {
    const args = serveArguments();
    expect(args.at(-1)).toBe('dist/server/main.js');
    // The young generation's cap that keeps the server's memory down (docs/performance.md).
    expect(args).toContain('--max-semi-space-size=4');
  });

  it('reads any package.json it is given', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rk-serve-'));
    const file = join(dir, 'package.json');
    writeFileSync(file, JSON.stringify({ scripts: { serve: 'node  --a=1 --b  x.js ' } }));
    expect(serveArguments(file)).toEqual(['--a=1', '--b', 'x.js']);
    writeFileSync(file, JSON.stringify({ scripts: {} }));
    expect(() => serveArguments(file)).toThrow(/no serve script/);
  });

  it('refuses a serve script it could not run the same way', () => {
    for (const script of [
      'tsx src/server/main.ts',
      'node',
      'MALLOC_ARENA_MAX=2 node x.js',
      'node x.js && echo done',
      'node $FLAGS x.js',
    ]) {
      expect(() => nodeArgumentsOf(script), script).toThrow(/must be "node/);
    }
  });

  it('adds the allocator setting of the deployment guide, unless the caller chose one', () => {
    expect(deployedEnvironment({ PORT: '1' })).toEqual({ PORT: '1', MALLOC_ARENA_MAX: '2' });
    expect(deployedEnvironment({ MALLOC_ARENA_MAX: '8' }).MALLOC_ARENA_MAX).toBe('8');
  });
});
