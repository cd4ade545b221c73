import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from '#shared/zod.ts';
import { authSessionSchema } from '#shared/schemas/auth.ts';
import { okSchema } from '#shared/schemas/common.ts';
import { apiRequest, getErrorMessage, HttpError, NetworkError, withQuery } from './api-client.ts';
import { isStaleViewRefusal } from './use-api-mutation.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(status: number, body: string, contentType = 'application/json') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': contentType } })),
  );
}

describe('apiRequest', () => {
  it('carries the server message and field issues of an error answer', async () => {
    answer(400, JSON.stringify({ message: 'Bad', issues: [{ path: 'notes', message: 'Bad' }] }));
    const error = await apiRequest('/api/x', { schema: okSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, message: 'Bad', issues: [{ path: 'notes' }] });
  });

  it('never shows a status code and raw text when the answer is not ours', async () => {
    answer(404, '<html><body>Not Found</body></html>', 'text/html');
    const error = await apiRequest('/api/x', { schema: okSchema }).catch((e: unknown) => e);
    expect(getErrorMessage(error, 'fallback')).toBe('Not found');
    answer(502, '');
    const gateway = await apiRequest('/api/x', { schema: okSchema }).catch((e: unknown) => e);
    expect(getErrorMessage(gateway, 'fallback')).toBe('Something went wrong. Please try again.');
  });

  it('turns a failed connection into a NetworkError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiRequest('/api/x', { schema: okSchema })).rejects.toBeInstanceOf(NetworkError);
  });

  it('lets a cancelled request stay a cancellation', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('Aborted', 'AbortError');
      }),
    );
    const error = await apiRequest('/api/x', { schema: okSchema, signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect(error).not.toBeInstanceOf(NetworkError);
  });
});

describe('isStaleViewRefusal', () => {
  it('holds for 404 and 409, which mean the cached view is wrong', () => {
    expect(isStaleViewRefusal(new HttpError(404, 'Trading rule not found'))).toBe(true);
    expect(isStaleViewRefusal(new HttpError(409, 'Conflict'))).toBe(true);
  });

  it.each([400, 401, 403, 500])('does not hold for %i', (status) => {
    expect(isStaleViewRefusal(new HttpError(status, 'x'))).toBe(false);
  });

  it('does not hold for a network error', () => {
    expect(isStaleViewRefusal(new NetworkError())).toBe(false);
  });
});

describe('withQuery', () => {
  it('appends the defined values, encoded, and leaves out undefined ones', () => {
    expect(withQuery('/api/sessions', { limit: 3, cursor: undefined, band: 'a&b' })).toBe(
      '/api/sessions?limit=3&band=a%26b',
    );
    expect(withQuery('/api/sessions', {})).toBe('/api/sessions');
    expect(withQuery('/api/sessions')).toBe('/api/sessions');
  });

  it('is used for every request that has a query', async () => {
    const fetchMock = vi.fn(
      async () => new Response('{"ok":true}', { headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/x', { schema: okSchema, query: { hasScreenshot: true, limit: 3 } });
    expect(fetchMock).toHaveBeenCalledWith('/api/x?hasScreenshot=true&limit=3', expect.anything());
  });
});

describe('apiRequest on a page that came with answers', () => {
  const session = { authenticated: false, user: null };

  /**
   * The module afresh, on a page that carries `answers` (src/client/lib/page-answers.ts); the
   * element's `remove` is the spy returned.
   */
  async function onPage(answers: Record<string, unknown>) {
    vi.resetModules();
    const remove = vi.fn();
    vi.stubGlobal('document', {
      getElementById: (id: string) =>
        id === 'page-answers' ? { textContent: JSON.stringify(answers), remove } : null,
    });
    return { ...(await import('./api-client.ts')), remove };
  }

  it("takes the page's answer for the first GET of its URL, and asks the server after", async () => {
    const { apiRequest, remove } = await onPage({ '/api/auth/session': session });
    answer(200, JSON.stringify({ authenticated: false, user: null, fromServer: true }));
    await expect(apiRequest('/api/auth/session', { schema: authSessionSchema })).resolves.toEqual(
      session,
    );
    expect(fetch).not.toHaveBeenCalled();
    // Read once, the element leaves the page: nothing of a logged-out user stays in it.
    expect(remove).toHaveBeenCalledTimes(1);
    await apiRequest('/api/auth/session', { schema: authSessionSchema });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("hands the page's answer over in a task of its own, as the network would", async () => {
    const { apiRequest } = await onPage({ '/api/auth/session': session });
    let settled = false;
    const request = apiRequest('/api/auth/session', { schema: authSessionSchema }).then(
      () => (settled = true),
    );
    // Promise callbacks only: the task that asked (the app's start, say) is still running.
    for (let step = 0; step < 20; step += 1) await Promise.resolve();
    expect(settled).toBe(false);
    await request;
    expect(settled).toBe(true);
  });

  it("checks the page's answer as it checks the server's", async () => {
    const { apiRequest } = await onPage({ '/api/auth/session': { authenticated: 'yes' } });
    answer(200, JSON.stringify(session));
    await expect(
      apiRequest('/api/auth/session', { schema: authSessionSchema }),
    ).rejects.toBeInstanceOf(z.core.$ZodError);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the server once a write has been sent', async () => {
    const { apiRequest } = await onPage({ '/api/auth/session': session });
    answer(200, JSON.stringify({ ok: true }));
    await apiRequest('/api/auth/logout', { method: 'POST', schema: okSchema });
    answer(200, JSON.stringify(session));
    await apiRequest('/api/auth/session', { schema: authSessionSchema });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
