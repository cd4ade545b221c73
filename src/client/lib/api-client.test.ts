import { afterEach, describe, expect, it, vi } from 'vitest';
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
