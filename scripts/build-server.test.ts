import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs the build script with these arguments, as `npm run build` and the tests' setup do. */
function buildServer(...args: string[]) {
  return spawnSync(process.execPath, ['scripts/build-server.js', ...args], { encoding: 'utf8' });
}

describe('scripts/build-server.js', () => {
  it('refuses --outdir without its folder, saying so and how to call it, before building', () => {
    const result = buildServer('--server-only', '--outdir');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("Option '--outdir <value>' argument missing");
    expect(result.stderr).toContain('Usage: node scripts/build-server.js');
    expect(result.stderr).not.toMatch(/^\s+at /m); // lines for a person, not a stack trace
  });

  it('refuses an option it does not know', () => {
    const result = buildServer('--server-only', '--out-dir', 'elsewhere');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("Unknown option '--out-dir'");
  });
});
