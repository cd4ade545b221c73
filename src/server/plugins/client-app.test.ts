import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLoggedInUser } from '#testing/factories.ts';
import { createTestImageStore } from '#testing/image-store.ts';
import { testImportReader } from '#testing/test-app.ts';
import { createApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';

/** The sources a policy lists for one directive. */
function sourcesOf(policy: string, directive: string): string[] {
  const found = policy.split(';').find((part) => part.trim().startsWith(`${directive} `));
  return found?.trim().split(/\s+/).slice(1) ?? [];
}

describe('serving the built client', () => {
  let app: App;
  let clientDir: string;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  // Over the 1 kB below which answers are not worth compressing.
  const body = `<body><noscript>${'Rulekeeper needs JavaScript to run. '.repeat(40)}</noscript></body>`;
  // The theme script every page runs before its first paint, inline.
  const themeScript = "document.documentElement.classList.toggle('dark', true);";
  const built = `<!doctype html><head><title>Rulekeeper</title><script>${themeScript}</script></head>${body}`;

  let installDir: string;

  beforeAll(async () => {
    // Installed in a folder named like the build's own: only the build's assets/ is immutable.
    installDir = mkdtempSync(join(tmpdir(), 'rk-client-'));
    clientDir = join(installDir, 'assets', 'client');
    mkdirSync(join(clientDir, 'assets'), { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), built);
    writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(clientDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(clientDir, 'favicon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(join(clientDir, 'sw.js'), "importScripts('/sw-precache.js');");
    writeFileSync(join(clientDir, 'sw-precache.js'), 'self.RULEKEEPER_PRECACHE = {};');
    writeFileSync(join(clientDir, 'manifest.webmanifest'), '{"name":"Rulekeeper"}');
    writeFileSync(
      join(clientDir, 'screen-preloads.json'),
      JSON.stringify([
        {
          path: '/',
          files: ['/assets/layout-1.js', '/assets/dashboard-2.js'],
          calls: ['/api/notices'],
        },
        { path: '/history/:id', files: ['/assets/layout-1.js', '/assets/details-3.js'] },
      ]),
    );
    const database = createDatabase({ dialect: 'sqlite', filename: ':memory:' });
    await migrateToLatest(database);
    app = await createApp({
      database,
      config: loadConfig({}),
      images: (await createTestImageStore()).images,
      importReader: testImportReader(),
      clientDir,
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(installDir, { recursive: true, force: true });
  });

  test('hashed assets are cached for a year and sent precompressed', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
  });

  test('every page path gets index.html, which is never stored', async () => {
    for (const url of ['/', '/login', '/history/12', '/no/such/page?x=1']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.body, url).toContain('<title>Rulekeeper</title>');
    }
  });

  test("the page's policy allows its own inline script, by its hash, and no other", async () => {
    const themeSource = `'sha256-${createHash('sha256').update(themeScript).digest('base64')}'`;
    // The pages the app builds, and the built file the service worker keeps for offline use.
    for (const url of ['/', '/login', '/index.html']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      const policy = String(response.headers['content-security-policy']);
      expect(sourcesOf(policy, 'script-src'), url).toEqual(["'self'", themeSource]);
    }
    // An API answer runs nothing, inline or not.
    const api = await app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  test('the page is the build the server started with, whose files it serves', async () => {
    // A new build copied over this one before the restart: its page names files this server
    // has no route for.
    const next = built.replace('<title>Rulekeeper</title>', '<title>Next build</title>');
    writeFileSync(join(clientDir, 'index.html'), next);
    try {
      const response = await app.inject({ method: 'GET', url: '/history' });
      expect(response.body).toContain('<title>Rulekeeper</title>');
      expect(response.body).not.toContain('Next build');
    } finally {
      writeFileSync(join(clientDir, 'index.html'), built);
    }
  });

  test('a HEAD request for a page path is answered as the GET would be, without the body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/history/12' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe('');
    expect((await app.inject({ method: 'HEAD', url: '/api/missing' })).statusCode).toBe(404);
  });

  test('other files are revalidated, and a missing file is a 404, not the page', async () => {
    const favicon = await app.inject({ method: 'GET', url: '/favicon.png' });
    expect(favicon.headers['cache-control']).toBe('no-cache');
    const missing = await app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    // Another instance, or this one after an upgrade, may have it: no cache may keep the 404.
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  test('the service worker, its file list and the manifest are revalidated on every visit', async () => {
    // A cached worker or list would keep a browser on an old build; the CSP lets both load.
    for (const [url, type] of [
      ['/sw.js', /^application\/javascript/],
      ['/sw-precache.js', /^application\/javascript/],
      ['/manifest.webmanifest', /^application\/manifest\+json/],
    ] as const) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(type);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      const policy = String(response.headers['content-security-policy']);
      expect(policy, url).toContain("worker-src 'self'");
      expect(policy, url).toContain("manifest-src 'self'");
      expect(sourcesOf(policy, 'script-src'), url).toContain("'self'");
    }
  });

  test('the API description lists the API only, not the page or the files', async () => {
    const description = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(description.statusCode).toBe(200);
    const paths = Object.keys(description.json<{ paths: object }>().paths);
    expect(paths).toContain('/api/auth/login');
    expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  test('/api paths and non-GET requests never get the page', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/missing' })).json()).toEqual({
      message: 'Not found',
    });
    expect((await app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
  });

  describe("the page's first answers and its screen's files", () => {
    const preload = (file: string) => `<link rel="modulepreload" crossorigin href="${file}" />`;
    const answersOf = (page: string) => {
      const match = /<script type="application\/json" id="page-answers">(.*?)<\/script>/.exec(page);
      if (!match?.[1]) throw new Error(`no answers in ${page}`);
      return JSON.parse(match[1]) as Record<string, unknown>;
    };
    const apiAnswer = async (url: string, cookie?: string) =>
      (await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).json();

    test('to a visitor without a login: who is logged in and the app itself, no screen', async () => {
      const page = await app.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers.vary).toMatch(/cookie/i);
      expect(answersOf(page.body)).toEqual({
        '/api/auth/session': { authenticated: false, user: null },
        '/api/app-info': await apiAnswer('/api/app-info'),
      });
      expect(page.body).not.toContain('modulepreload');
      const otherCookie = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'x=1' } });
      expect(otherCookie.body).toBe(page.body);
    });

    test('to a trader: their own answers, and the files and calls of the screen at that path', async () => {
      const trader = await createLoggedInUser(app);
      const dashboard = await app.inject({
        method: 'GET',
        url: '/',
        headers: { cookie: trader.cookie },
      });
      expect(dashboard.headers['cache-control']).toBe('no-store');
      expect(dashboard.body).toContain(
        `${preload('/assets/layout-1.js')}${preload('/assets/dashboard-2.js')}</head>`,
      );
      expect(answersOf(dashboard.body)).toEqual({
        '/api/auth/session': { authenticated: true, user: trader.user },
        '/api/app-info': await apiAnswer('/api/app-info'),
        '/api/notices': await apiAnswer('/api/notices', trader.cookie),
      });
      // Only the dashboard asks for its notices first; a path without a screen names no files.
      const details = await app.inject({
        method: 'GET',
        url: '/history/12?tab=1',
        headers: { cookie: trader.cookie },
      });
      expect(details.body).toContain(
        `${preload('/assets/layout-1.js')}${preload('/assets/details-3.js')}</head>`,
      );
      expect(Object.keys(answersOf(details.body))).toEqual(['/api/auth/session', '/api/app-info']);
      for (const url of ['/login', '/history', '/no/such/page']) {
        const response = await app.inject({
          method: 'GET',
          url,
          headers: { cookie: trader.cookie },
        });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).not.toContain('modulepreload');
        expect(answersOf(response.body)['/api/auth/session'], url).toMatchObject({
          user: { username: trader.username },
        });
      }
    });

    test("a trader's page never carries another's answers", async () => {
      const first = await createLoggedInUser(app);
      const second = await createLoggedInUser(app);
      const page = await app.inject({
        method: 'GET',
        url: '/',
        headers: { cookie: second.cookie },
      });
      expect(answersOf(page.body)['/api/auth/session']).toMatchObject({
        user: { username: second.username },
      });
      expect(page.body).not.toContain(first.username);
      expect(page.body).not.toContain(first.email);
    });

    test('text a trader wrote cannot end the element or open another', async () => {
      const fullName = 'Eve </script><script>alert(1)</script> <!-- &\u2028 x';
      const trader = await createLoggedInUser(app, { fullName });
      const page = await app.inject({
        method: 'GET',
        url: '/',
        headers: { cookie: trader.cookie },
      });
      expect(page.body).not.toContain('<script>alert(1)');
      expect(page.body).not.toContain('<!--');
      expect(answersOf(page.body)['/api/auth/session']).toMatchObject({ user: { fullName } });
    });

    test("a trader's dollar signs reach the page as written", async () => {
      // A replacement string gives `$$`, `$'` and `` $` `` meanings of their own: the page must
      // not read them as such ('Big $$ day' came out as 'Big $ day'; `$'` pasted the page's
      // end into the answers, which then no longer parsed).
      const fullName = "Cash $$ Flow $' and $` and $& co";
      const trader = await createLoggedInUser(app, { fullName });
      const page = await app.inject({
        method: 'GET',
        url: '/',
        headers: { cookie: trader.cookie },
      });
      expect(answersOf(page.body)['/api/auth/session']).toMatchObject({ user: { fullName } });
      expect(page.body.match(/<head>/g)).toHaveLength(1);
    });

    test('a login that has ended: nobody is logged in, and the cookie is cleared', async () => {
      const page = await app.inject({
        method: 'GET',
        url: '/',
        headers: { cookie: 'rk_session=some-login-token' },
      });
      expect(page.statusCode).toBe(200);
      // The notices were refused (401), so the app will ask for them itself, as for any call.
      expect(Object.keys(answersOf(page.body))).toEqual(['/api/auth/session', '/api/app-info']);
      expect(answersOf(page.body)['/api/auth/session']).toEqual({
        authenticated: false,
        user: null,
      });
      expect(page.cookies).toContainEqual(
        expect.objectContaining({ name: 'rk_session', value: '' }),
      );
    });

    test('the page is sent compressed, as the built one is', async () => {
      const trader = await createLoggedInUser(app);
      const response = await app.inject({
        method: 'GET',
        url: '/',
        headers: { cookie: trader.cookie, 'accept-encoding': 'br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      const page = brotliDecompressSync(response.rawPayload).toString();
      expect(answersOf(page)['/api/notices']).toEqual({ notices: [], unreadCount: 0 });
      expect(response.rawPayload.length).toBeLessThan(page.length / 2);
    });
  });
});

describe('serving a client whose list of screen files is broken', () => {
  // Nothing outside the app's assets and API may be named, whatever the list says.
  test.each([
    { broken: 'a file', entry: { path: '/', files: ['https://elsewhere.example/x.js'] } },
    {
      broken: 'a call',
      entry: { path: '/', files: ['/assets/a-1.js'], calls: ['https://elsewhere.example/api/x'] },
    },
  ])('pages are served without hints ($broken outside the app)', async ({ entry }) => {
    const clientDir = mkdtempSync(join(tmpdir(), 'rk-client-'));
    writeFileSync(
      join(clientDir, 'index.html'),
      '<!doctype html><head><title>Rulekeeper</title></head><body></body>',
    );
    writeFileSync(join(clientDir, 'screen-preloads.json'), JSON.stringify([entry]));
    const database = createDatabase({ dialect: 'sqlite', filename: ':memory:' });
    await migrateToLatest(database);
    const app = await createApp({
      database,
      config: loadConfig({}),
      images: (await createTestImageStore()).images,
      importReader: testImportReader(),
      clientDir,
    });
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/',
        headers: { cookie: 'rk_session=t' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('preload');
      expect(response.body).not.toContain('elsewhere.example');
    } finally {
      await app.close();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
