import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { listScreenPreloads } from './screen-preload-plugin.ts';

const root = '/app/src/client';

/** A built chunk as far as the plugin reads it. */
function chunk(
  fileName: string,
  {
    facade,
    imports = [],
    isEntry = false,
  }: { facade?: string; imports?: string[]; isEntry?: boolean },
) {
  return [
    fileName,
    {
      type: 'chunk',
      fileName,
      facadeModuleId: facade ? `${root}/${facade}` : null,
      imports,
      isEntry,
    } as unknown as Rollup.OutputChunk,
  ] as const;
}

const bundle = Object.fromEntries([
  chunk('assets/index-1.js', {
    facade: 'main.tsx',
    imports: ['assets/vendor-2.js'],
    isEntry: true,
  }),
  chunk('assets/vendor-2.js', {}),
  chunk('assets/shared-3.js', { imports: ['assets/vendor-2.js'] }),
  chunk('assets/layout-4.js', {
    facade: 'app/layout/authenticated-layout.tsx',
    imports: ['assets/shared-3.js', 'assets/vendor-2.js'],
  }),
  chunk('assets/dashboard-5.js', {
    facade: 'app/routes/dashboard.tsx',
    imports: ['assets/shared-3.js', 'assets/index-1.js'],
  }),
  chunk('assets/signup-6.js', { facade: 'app/routes/signup.tsx', imports: ['assets/index-1.js'] }),
]) as Rollup.OutputBundle;

describe('listScreenPreloads', () => {
  it('lists, for each screen behind the login, its files and the shell’s beyond the page’s own, and its calls', () => {
    const preloads = listScreenPreloads(bundle, root, {
      screens: {
        dashboard: { path: '/', module: 'dashboard', behindLogin: true, calls: ['/api/notices'] },
        signup: { path: '/signup', module: 'signup', behindLogin: false },
      },
      layoutModule: 'layout/authenticated-layout.tsx',
    });
    expect(preloads).toEqual([
      {
        path: '/',
        files: ['/assets/layout-4.js', '/assets/shared-3.js', '/assets/dashboard-5.js'],
        calls: ['/api/notices'],
      },
    ]);
  });

  it('fails the build when a screen has no chunk of its own', () => {
    expect(() =>
      listScreenPreloads(bundle, root, {
        screens: { rules: { path: '/rules', module: 'rules', behindLogin: true } },
        layoutModule: 'layout/authenticated-layout.tsx',
      }),
    ).toThrow(/no chunk was built for .*routes\/rules\.tsx/);
  });
});
