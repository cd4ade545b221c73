import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUTHENTICATED_LAYOUT_MODULE, lazyScreens, screenComponentName } from './screens.ts';

const appDir = new URL('./', import.meta.url);

describe('the screens that load on demand', () => {
  it('names each screen after its module', () => {
    expect(screenComponentName('dashboard')).toBe('DashboardRoute');
    expect(screenComponentName('session-details')).toBe('SessionDetailsRoute');
    expect(screenComponentName('team-trader')).toBe('TeamTraderRoute');
  });

  it.each(Object.values(lazyScreens))(
    'routes/$module.tsx exists and exports the screen the router renders',
    ({ module }) => {
      const source = readFileSync(new URL(`routes/${module}.tsx`, appDir), 'utf8');
      expect(source).toMatch(new RegExp(`^export function ${screenComponentName(module)}\\(`, 'm'));
    },
  );

  it('names the logged-in shell by a module that exists', () => {
    const source = readFileSync(new URL(AUTHENTICATED_LAYOUT_MODULE, appDir), 'utf8');
    expect(source).toMatch(/^export function AuthenticatedLayout\(/m);
  });
});
