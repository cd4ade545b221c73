import { expect } from 'vitest';
import type { App } from '#server/app.ts';

/** Sends a GET as the logged-in trader and expects a 400 whose issues name `path`. */
export async function expectRefusedQuery(app: App, cookie: string, url: string, path: string) {
  const response = await app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode, url).toBe(400);
  expect(
    response.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path),
    url,
  ).toContain(path);
}
