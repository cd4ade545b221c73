import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createLoggedInUser } from '#testing/factories.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { API_HEADERS, DOCUMENT_HEADERS } from '../../plugins/security-headers.ts';

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

  test('answers carry security headers, and large JSON is compressed whole', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.json().openapi).toMatch(/^3\./);
    for (const [encoding, decompress] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/docs/json',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(decompress(response.rawPayload).toString()).toBe(plain.body);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  test('framing is refused the same way by the CSP and X-Frame-Options, and powerful features are off', async () => {
    for (const url of ['/api/health', '/api/nope', '/', '/api/docs/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
    // Outside the API (the app's pages: a not-found answer here, with no client built) and on
    // the API's description, the whole set of a page.
    for (const url of ['/', '/login', '/api/docs/']) {
      const response = await t.app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(DOCUMENT_HEADERS)) {
        expect(response.headers[name], `${url}: ${name}`).toBe(value);
      }
      expect(response.headers['permissions-policy'], url).toMatch(/camera=\(\).*geolocation=\(\)/);
    }
  });

  test('an API answer carries the headers that apply to data, and a policy that allows nothing', async () => {
    for (const [method, url] of [
      ['GET', '/api/health'],
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['GET', '/api/auth/session?x=1'],
      ['POST', '/api/auth/login'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      const securityHeaders = Object.keys(response.headers).filter(
        (name) => name in DOCUMENT_HEADERS,
      );
      expect(securityHeaders.sort(), `${method} ${url}`).toEqual(Object.keys(API_HEADERS).sort());
      for (const [name, value] of Object.entries(API_HEADERS)) {
        expect(response.headers[name], `${method} ${url}: ${name}`).toBe(value);
      }
    }
    expect(API_HEADERS['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  test('a path that cannot be decoded is answered 400 before any hook, still with the headers of data', async () => {
    for (const url of ['/%zz', '/api/avatars/%E0%A4%A']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: expect.stringContaining('not a valid') });
      for (const [name, value] of Object.entries(API_HEADERS)) {
        expect(response.headers[name], `${url}: ${name}`).toBe(value);
      }
    }
  });
});

describeEachDialect('slow clients', (dialect) => {
  const timeouts = { requestMs: 300, uploadMs: 5_000, idleMs: 5_000, checkIntervalMs: 50 };

  /** A connection to the listening app: what it has received, and when it closes. */
  async function connectTo(t: TestApp) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    return { port, socket, closed, received: () => received };
  }

  test('a request whose body never finishes arriving is cut off, and the server keeps answering', async () => {
    const t = await createTestApp(dialect, { timeouts });
    try {
      const { port, socket, closed, received } = await connectTo(t);
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          'Content-Length: 1000\r\n\r\n{"username":',
      );
      const started = Date.now();
      await closed;
      expect(received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(Date.now() - started).toBeLessThan(3_000);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      await t.close();
    }
  });

  test("an import's upload has longer to arrive: a large export on a slow line is not cut off", async () => {
    const t = await createTestApp(dialect, { timeouts });
    try {
      const { cookie } = await createLoggedInUser(t.app);
      const { socket, closed, received } = await connectTo(t);
      const body = JSON.stringify({ format: 'not an export' });
      socket.write(
        'POST /api/import HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          `Cookie: ${cookie}\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n` +
          body.slice(0, 5),
      );
      // Three times the time any other route's body has.
      await new Promise((resolve) => setTimeout(resolve, 900));
      socket.write(body.slice(5));
      await closed;
      // Read whole, and refused for what it is, not for the time it took.
      expect(received()).toMatch(/^HTTP\/1\.1 400 /);
    } finally {
      await t.close();
    }
  });
});
