import { expect, test, type Page } from '@playwright/test';
import { seedDisciplineHistory } from './analytics-support.ts';
import { createSession } from './session-support.ts';
import { createRules, logInNewTraderThroughApi } from './support.ts';

/**
 * The app's texts are drawn from a small face of Inter cut for them (docs/decisions/0046):
 * the package's Latin file is fetched only for a character that face leaves out. A text of the
 * app's own that needs one (a new sign in a label) would fetch it on every page, 48 kB before
 * the first paint; these tests find that, and that an accented name still gets Inter.
 */
const CORE_FACE = /\/assets\/inter-core-wght-[\w-]+\.woff2$/;
const LATIN_FACE = /\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/;

/** The font files the page asks for, in order, from now on. */
function recordFonts(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

/** Waits until the page's text is laid out in the fonts it asked for. */
async function fontsSettled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * The fonts Chromium drew the page's main heading with, as its DevTools report them: web fonts
 * (ours) say `isCustomFont`, a system fallback does not.
 */
async function fontsOfHeading(page: Page) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('DOM.enable');
  await devtools.send('CSS.enable');
  const { root } = await devtools.send('DOM.getDocument');
  const { nodeId } = await devtools.send('DOM.querySelector', {
    nodeId: root.nodeId,
    selector: 'h1',
  });
  const { fonts } = await devtools.send('CSS.getPlatformFontsForNode', { nodeId });
  await devtools.detach();
  return fonts.map(({ familyName, isCustomFont }) => ({ familyName, isCustomFont }));
}

/** Every glyph of the heading from Inter, none from a system font. */
async function expectHeadingInInter(page: Page) {
  const fonts = await fontsOfHeading(page);
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) {
    expect(font).toEqual({ familyName: expect.stringMatching(/^Inter/), isCustomFont: true });
  }
}

test('the login page and a trader’s screens use only the app’s own face of Inter', async ({
  page,
}) => {
  const fonts = recordFonts(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await fontsSettled(page);

  // A trader with something on every screen, in plain ASCII: what is checked is the app's text.
  await logInNewTraderThroughApi(page.request);
  await createRules(page, [{ description: 'Wait for the candle close', notes: 'No FOMO' }]);
  const today = await seedDisciplineHistory(page);
  await createSession(page, { name: 'Morning run', date: today });

  const screens: [string, RegExp][] = [
    ['/', /Trading Dashboard$/],
    ['/rules', /Trading Rules/],
    ['/history', /Session History/],
    ['/analytics', /Analytics/],
    ['/settings', /Settings/],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await fontsSettled(page);
  }

  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.filter((url) => !CORE_FACE.test(url))).toEqual([]);
  await expectHeadingInInter(page);
});

test('an accented name is drawn in Inter, from the Latin file fetched for it', async ({ page }) => {
  await logInNewTraderThroughApi(page.request, { fullName: 'José Núñez' });
  const fonts = recordFonts(page);

  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: /^José .*Trading Dashboard$/ }),
  ).toBeVisible();
  await fontsSettled(page);

  expect(fonts.some((url) => CORE_FACE.test(url))).toBe(true);
  expect(fonts.some((url) => LATIN_FACE.test(url))).toBe(true);
  await expectHeadingInInter(page);
});
