import { afterEach, beforeEach, expect, test } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

describeEachDialect('the API edge', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  test('GET /api/health answers ok when the database does', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  test('an unknown /api path answers a JSON 404, never the app page', async () => {
    for (const url of ['/api/nope', '/api/rules/1/whatever', '/api']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json(), url).toEqual({ message: 'Not found' });
    }
  });

  test('API answers are never cached', async () => {
    for (const url of ['/api/auth/session', '/api/health', '/api/app-info']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  test('the OpenAPI description lists the routes with their schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/signup',
        '/api/auth/session',
        '/api/user',
        '/api/health',
      ]),
    );
    expect(
      spec.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['username', 'password']));
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });

  test('answers carry security headers and large JSON is compressed', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toMatch(/^(br|gzip)$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
