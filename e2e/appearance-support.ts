import { expect, type Locator, type Page } from '@playwright/test';

/** The Appearance card of the settings page. */
export function appearanceCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Appearance' });
}

/** Sets the theme of the trader logged in on `page` through the API, as another device would. */
export async function saveThemeOnServer(page: Page, theme: 'light' | 'dark' | 'system') {
  const response = await page.request.put('/api/auth/update-profile', {
    data: { preferences: { theme } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The logged-in trader's theme as the server has it. */
export async function themeOnServer(page: Page): Promise<string> {
  const response = await page.request.get('/api/user');
  expect(response.status(), await response.text()).toBe(200);
  const { user } = (await response.json()) as { user: { preferences: { theme: string } } };
  return user.preferences.theme;
}

/**
 * What the page looks like right now: whether <html> has the dark class, and the relative
 * luminance (0 black … 1 white) of the body's computed background, whatever colour space the
 * CSS wrote it in (a 1 × 1 canvas turns it into sRGB).
 */
export function pageLook(page: Page) {
  return page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    // The body's background, or the page's where the body has none (before the stylesheet),
    // or the browser's white where neither has one.
    const painted = [document.body, document.documentElement]
      .map((element) => getComputedStyle(element).backgroundColor)
      .find((color) => color !== 'rgba(0, 0, 0, 0)');
    context.fillStyle = painted ?? 'white';
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return {
      isDark: document.documentElement.classList.contains('dark'),
      luminance: 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b),
      themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
    };
  });
}

/** The page is in the dark theme: the class, a near-black background, the bar colour. */
export async function expectDark(page: Page) {
  await expect.poll(() => pageLook(page)).toMatchObject({ isDark: true, themeColor: '#020618' });
  expect((await pageLook(page)).luminance).toBeLessThan(0.05);
}

/** The page is in the light theme. */
export async function expectLight(page: Page) {
  await expect.poll(() => pageLook(page)).toMatchObject({ isDark: false, themeColor: '#047857' });
  expect((await pageLook(page)).luminance).toBeGreaterThan(0.8);
}
