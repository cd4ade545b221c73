import { afterEach, expect, it, vi } from 'vitest';
import { BULK_DELETE_MAX } from '#shared/constants.ts';
import { HttpError } from '#client/lib/api-client.ts';
import { deleteSessions, SessionsPartlyDeleted } from './delete-sessions.ts';

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

/** The server answers the first request (all its sessions deleted), then `second`. */
function answerThen(second: { status: number; body: unknown }) {
  const answers = [{ status: 200, body: { deleted: BULK_DELETE_MAX } }, second];
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const { status, body } = answers.shift() ?? second;
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

const ids = Array.from({ length: BULK_DELETE_MAX + 5 }, (_, index) => index + 1);

it('a later request that fails says how many the earlier ones deleted', async () => {
  answerThen({ status: 500, body: { message: 'Something went wrong' } });
  const error = await deleteSessions({ ids }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SessionsPartlyDeleted);
  expect(error).toMatchObject({ deleted: BULK_DELETE_MAX });
});

it('a login that ended meanwhile stays a 401, which takes the trader to the login screen', async () => {
  answerThen({ status: 401, body: { message: 'Not authenticated' } });
  const error = await deleteSessions({ ids }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  expect(error).toMatchObject({ status: 401 });
});
