import { afterEach, beforeEach, expect, test } from 'vitest';
import { createLoggedInUser } from '#testing/factories.ts';
import { buildSession } from '#testing/sessions.ts';
import { createTestApp, type TestApp } from '#testing/test-app.ts';

/**
 * Over a real socket, not `inject`: a client that sends too large a screenshot must read a
 * 413 with a message, not find its connection reset halfway through the upload.
 */
let t: TestApp;
let origin: string;
beforeEach(async () => {
  t = await createTestApp('sqlite');
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => t.close());

test('an oversized upload over HTTP gets a 413 with a message', async () => {
  const { cookie } = await createLoggedInUser(t.app);
  const body = JSON.stringify(buildSession({ screenshotData: `data:,${'A'.repeat(16e6)}` }));
  const response = await fetch(`${origin}/api/sessions`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin },
    body,
  });
  expect(response.status).toBe(413);
  expect(await response.json()).toEqual({ message: 'The screenshot must be at most 10 MB' });
});
