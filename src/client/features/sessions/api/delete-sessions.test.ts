import { afterEach, expect, it, vi } from 'vitest';
import { deleteSessions } from './delete-sessions.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

it('sends a selection larger than a page as several bulk deletes and adds up the answers', async () => {
  const bodies: number[][] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const { ids } = JSON.parse(String(init.body)) as { ids: number[] };
      bodies.push(ids);
      return new Response(JSON.stringify({ deleted: ids.length - 1 }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  const ids = Array.from({ length: 450 }, (_, i) => i + 1);
  expect(await deleteSessions({ ids })).toBe(447);
  expect(bodies.map((body) => body.length)).toEqual([200, 200, 50]);
  expect(bodies.flat()).toEqual(ids);
});
