import { expect, test } from '@playwright/test';
import { createSharingTrader, showEverySharer } from './admin-support.ts';
import { checklist, createSession, openNewSessionDialog } from './session-support.ts';
import {
  ADMIN,
  controlsCoveredWhileTabbing,
  createRules,
  createTrader,
  expectNoSeriousViolations,
  logInAsNewTrader,
  logInWithForm,
  shownRuleOrder,
} from './support.ts';

test('on a phone the sidebar hides behind a menu button', async ({ page, request }) => {
  const account = await createTrader(request);
  await logInWithForm(page, account);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();

  const openMenu = page.getByRole('button', { name: 'Open menu' });
  await openMenu.click();
  await expect(nav).toBeVisible();
  // It opens at the page the trader is on, the way down the menu, not at its foot.
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeFocused();
  await nav.getByRole('link', { name: 'Session History' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(nav).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Session History', level: 1 })).toBeVisible();

  await openMenu.click();
  await expect(nav.getByRole('link', { name: 'Session History' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(openMenu).toBeFocused();
});

test('on a phone, Back closes the menu and the page stays', async ({ page, request }) => {
  const account = await createTrader(request);
  await logInWithForm(page, account);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  await openMenu.click();
  await nav.getByRole('link', { name: 'Session History' }).click();
  await expect(page).toHaveURL(/\/history$/);

  await openMenu.click();
  await expect(nav).toBeVisible();
  await page.goBack();
  await expect(nav).toBeHidden();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('heading', { name: 'Session History', level: 1 })).toBeVisible();

  // Closed, Back goes back to the dashboard.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('the page builds only the navigation its width calls for, and switches on a resize', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  // Hidden ones count: the one not called for is not built at all, rather than hidden, since
  // the sidebar's links and menu cost a phone's first render.
  const sidebar = page.getByRole('complementary', { includeHidden: true });
  const topBar = page.getByRole('banner', { includeHidden: true });
  await expect(topBar.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(sidebar).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(sidebar.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(topBar).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(topBar.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(sidebar).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: /Trading Dashboard$/ })).toBeVisible();
});

test.describe('on a 390 px wide phone', () => {
  const viewport = { width: 390, height: 844 };
  test.use({ viewport });

  test('the reminder banner stays within a quarter of the screen, however long the rule', async ({
    page,
    request,
  }) => {
    const account = await createTrader(request);
    await logInWithForm(page, account);
    // The longest rule the server takes: 500 characters of description, 2,000 of notes.
    const description = 'Wait for the candle to close beyond the level before entering. '
      .repeat(8)
      .slice(0, 500)
      .trim();
    const notes = 'Check the higher time frame first.\n'.repeat(60).slice(0, 2000).trim();
    await createRules(page, [{ description, notes }]);
    await page.goto('/');

    const banner = page.getByRole('region', { name: 'Rule reminders' });
    await expect(banner.getByText('1/1', { exact: true })).toBeVisible();
    const box = await banner.boundingBox();
    expect(box?.height).toBeLessThanOrEqual(viewport.height / 4);
    // Clamped on screen, the whole text is still there for screen readers.
    await expect(banner.getByText(description, { exact: true })).toHaveCount(1);
    await expect(banner).toContainText(notes.replaceAll('\n', ' ').slice(-200).trim());
  });

  test('a rule written as one long word (a pasted link) wraps on every screen that shows it', async ({
    page,
  }) => {
    await logInAsNewTrader(page);
    const link = `https://example.com/playbook?ref=${'A1b2C3'.repeat(45)}`.slice(0, 300);
    await createRules(page, [{ description: link }]);
    await createSession(page, {
      name: 'London open',
      date: '2026-03-14',
      rulesFollowed: await checklist(page, 1),
    });
    const fitsTheScreen = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      );
    for (const path of ['/', '/rules', '/analytics']) {
      await page.goto(path);
      await expect(page.getByText(link).first()).toBeVisible();
      expect(await fitsTheScreen(), path).toBe(true);
    }
    // On the analytics page the chart's summary in words names it too.
    await expect(page.getByText(`One rule: ${link} at 100%.`)).toBeVisible();
  });

  test("the history's day filters show their day and picker whole", async ({ page }) => {
    await logInAsNewTrader(page);
    await page.goto('/history');
    for (const name of ['From', 'To']) {
      const field = page.getByRole('search', { name: 'Filter sessions' }).getByLabel(name);
      await expect(field).toBeVisible();
      // Half the line cut the picker's icon off: the field's content was wider than the field.
      expect(await field.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true);
    }
  });

  test('on a touch screen the screenshot picker does not ask to drag', async ({ page }) => {
    await logInAsNewTrader(page);
    await createRules(page, [{ description: 'Wait for the setup' }]);
    await page.reload();
    const dialog = await openNewSessionDialog(page);
    await expect(dialog.getByText('Choose an image, or paste one')).toBeVisible();
    await expect(dialog.getByText('Drag an image here or paste it')).toBeHidden();
  });

  test("on a touch screen a trader's name in the team list looks like the link it is", async ({
    page,
    baseURL,
  }) => {
    const { account, context } = await createSharingTrader(baseURL);
    await context.dispose();
    await showEverySharer(page);
    await logInWithForm(page, ADMIN);
    await page.goto('/admin/team');
    const name = page
      .getByRole('table', { name: 'Sharing traders' })
      .getByRole('link', { name: account.fullName });
    // Underlined only under a mouse pointer before: a finger has no hover.
    await expect(name).toHaveCSS('text-decoration-line', 'underline');
  });

  test('in a short window the reminder banner scrolls with the page, and the top bar clears the focus', async ({
    page,
  }) => {
    await logInAsNewTrader(page);
    await createRules(page, [{ description: 'Wait for the close', notes: 'Then enter.' }]);
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Rule reminders' });
    await expect(banner).toHaveCSS('position', 'sticky');
    // A phone on its side, or a page zoomed: the bar and the banner held most of the window.
    await page.setViewportSize({ width: 390, height: 500 });
    await expect(banner).toHaveCSS('position', 'static');
    // What the keyboard reaches is scrolled clear of the top bar (56 px).
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingTop),
    ).toBe('64px');
  });

  test('on a phone the keyboard going up the dashboard never lands under the top bar or the reminder banner', async ({
    page,
  }) => {
    await logInAsNewTrader(page);
    await createRules(
      page,
      ['Wait for the close', 'Risk 1% at most', 'Log every trade'].map((description) => ({
        description,
        notes: `${description}: the why of it.`,
      })),
    );
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Rule reminders' })).toHaveCSS(
      'position',
      'sticky',
    );
    await page.getByRole('button', { name: 'Delete rule: Log every trade' }).focus();
    expect(
      await controlsCoveredWhileTabbing(
        page,
        'header, [aria-label="Rule reminders"]',
        'Shift+Tab',
        40,
      ),
    ).toEqual([]);
  });

  test("a switch's name that wraps keeps room between its lines", async ({ page }) => {
    await logInAsNewTrader(page);
    await page.goto('/settings');
    const name = page.getByText('Share my discipline figures with administrators', {
      exact: true,
    });
    const { lines, letters } = await name.evaluate((label) => ({
      lines: parseFloat(getComputedStyle(label).lineHeight),
      letters: parseFloat(getComputedStyle(label).fontSize),
    }));
    // Two lines on this screen, with room between them (at a line as high as its letters,
    // as a field's name has, they touched).
    expect((await name.boundingBox())!.height).toBeGreaterThanOrEqual(2 * lines);
    expect(lines / letters).toBeGreaterThanOrEqual(1.25);
  });
});

test('a long full name, company name and session name fit a phone’s screen wherever they show', async ({
  page,
}) => {
  const account = await logInAsNewTrader(page);
  const fullName = 'Maximilian Alexander Montgomery-Worthington von Habsburg-Lothringen';
  const companyName = `Capital${'Partners'.repeat(11)}`;
  const saved = await page.request.put('/api/auth/update-profile', {
    data: { fullName, email: account.email, companyName },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  // And a session of the longest name, one word of 96 letters, among the recent sessions.
  await createSession(page, { name: 'Breakout'.repeat(12), date: '2026-03-02' });
  for (const path of ['/', '/settings', '/rules', '/history', '/analytics']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path === '/') {
      const recent = page.getByRole('region', { name: 'Recent Sessions' });
      await expect(recent.getByRole('listitem')).toHaveCount(1);
    }
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
      path,
    ).toBe(true);
  }
});

test('on a phone a tap on a rule’s handle moves it, no drag needed', async ({ page }) => {
  await logInAsNewTrader(page);
  await createRules(page, [{ description: 'First' }, { description: 'Second' }]);
  await page.goto('/rules');
  await expect.poll(() => shownRuleOrder(page)).toEqual(['First', 'Second']);

  await page.getByRole('button', { name: 'Reorder rule: First' }).tap();
  await page.getByRole('menuitem', { name: 'Move down' }).tap();
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Second', 'First']);
  await page.reload();
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Second', 'First']);
});

test('on a phone the history is a readable list of sessions, without sideways scrolling', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  await createSession(page, {
    name: 'A London breakout session with a rather long name to wrap',
    date: '2026-03-14',
    withScreenshot: true,
  });
  await createSession(page, { name: 'Quiet Tokyo morning', date: '2026-03-10' });

  await page.goto('/history');
  const list = page.getByRole('list', { name: 'Trading Sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  // The table is for wide screens only.
  await expect(page.getByRole('table')).toHaveCount(0);
  const first = list.getByRole('listitem').first();
  await expect(first).toContainText('A London breakout session with a rather long name to wrap');
  await expect(first).toContainText('Mar 14, 2026');
  await expect(first).toContainText('0% (off track)');
  await expect(list.getByRole('listitem').last()).toContainText('No screenshot');
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true);

  // Every control of a row is there and works by touch.
  const tick = first.getByRole('checkbox', { name: /^Select A London breakout/ });
  await tick.tap();
  await expect(page.getByRole('button', { name: 'Delete Selected (1)' })).toBeVisible();
  // A finger landing beside the small box, not on it, still reaches it.
  const box = await tick.boundingBox();
  if (!box) throw new Error('the checkbox has no box');
  await page.touchscreen.tap(box.x - 9, box.y + box.height + 9);
  await expect(tick).not.toBeChecked();
  await expect(page.getByRole('button', { name: /^Delete Selected/ })).toBeHidden();
  // So does one on the far end of the 'Select all' line.
  const selectAll = page.getByText('Select all', { exact: true });
  const line = await selectAll.boundingBox();
  if (!line) throw new Error('the select-all line has no box');
  await page.touchscreen.tap(line.x + line.width - 4, line.y + line.height / 2);
  await expect(page.getByRole('button', { name: 'Delete Selected (2)' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all sessions' }).tap();
  await tick.tap();
  await expect(page.getByRole('button', { name: 'Delete Selected (1)' })).toBeVisible();
  await first.getByRole('button', { name: /^View screenshot of A London breakout/ }).tap();
  const dialog = page.getByRole('dialog', { name: 'Session Screenshot' });
  await expect(dialog.getByRole('img')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).tap();
  await expect(dialog).toBeHidden();
  await expect(first.getByRole('button', { name: /^Delete session: A London/ })).toBeVisible();
  await first.getByRole('link', { name: /^Details of A London breakout/ }).tap();
  await expect(page.getByRole('heading', { name: 'Session Details', level: 1 })).toBeVisible();
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true);
});

test('on a phone the analytics fit the screen, and a wide chart scrolls by keyboard too', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  await createRules(
    page,
    Array.from({ length: 8 }, (_, i) => ({ description: `Rule number ${i + 1} of the plan` })),
  );
  await createSession(page, {
    name: 'London open',
    date: '2026-03-14',
    rulesFollowed: await checklist(page, 5),
  });

  await page.goto('/analytics');
  const chart = page.getByRole('group', { name: 'Trading Rule Compliance Analysis' });
  await expect(chart).toBeVisible();
  // Eight bars do not fit a phone: the chart scrolls inside its card, the page does not.
  expect(await chart.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true);
  // A shadow at an edge with more beyond it says so (backgrounds that scroll with the content).
  expect(await chart.evaluate((box) => getComputedStyle(box).backgroundImage)).toContain(
    'radial-gradient',
  );
  await chart.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => chart.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  await expectNoSeriousViolations(page);
});

test('on a phone the calendar opens on its latest weeks with the weekdays in view, and a day the keyboard reaches is not under them', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  await page.goto('/analytics');
  const calendar = page.getByRole('grid', { name: 'Discipline calendar, last 12 months' });
  const monday = calendar.getByRole('rowheader', { name: 'Mon' });
  const scroller = calendar.locator('xpath=../..');
  /** Whether the weekday shows within the scrolling box, from its left edge. */
  const weekdayShown = async () => {
    const box = (await scroller.boundingBox())!;
    const weekday = (await monday.boundingBox())!;
    return weekday.x >= box.x && weekday.x + weekday.width <= box.x + box.width;
  };
  await expect(calendar).toBeVisible();
  expect(
    await scroller.evaluate((box) => box.scrollLeft + box.clientWidth >= box.scrollWidth - 1),
  ).toBe(true);
  expect(await weekdayShown()).toBe(true);

  // From the last day, weeks back past the left edge: each day reached shows beside them.
  await calendar.getByRole('gridcell').locator('[tabindex="0"]').focus();
  await page.keyboard.press('End');
  for (let week = 0; week < 30; week += 1) await page.keyboard.press('ArrowLeft');
  expect(await scroller.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  expect(await weekdayShown()).toBe(true);
  const weekday = (await monday.boundingBox())!;
  const day = (await page.locator(':focus').boundingBox())!;
  expect(day.x).toBeGreaterThanOrEqual(weekday.x + weekday.width);
});

test('a page opened from far down another starts at its top, with focus at its content', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  for (let day = 1; day <= 12; day += 1) {
    await createSession(page, {
      name: `Day ${day}`,
      date: `2026-03-${String(day).padStart(2, '0')}`,
    });
  }
  const scrollTop = () => page.evaluate(() => window.scrollY);
  const main = page.getByRole('main');

  await page.goto('/history');
  const list = page.getByRole('list', { name: 'Trading Sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(12);
  // The oldest session is the last row, a few screens down.
  const oldest = list.getByRole('link', { name: 'Details of Day 1 on Mar 1, 2026' });
  await oldest.scrollIntoViewIfNeeded();
  expect(await scrollTop()).toBeGreaterThan(500);
  await oldest.tap();
  await expect(page.getByRole('heading', { name: 'Session Details', level: 1 })).toBeVisible();
  expect(await scrollTop()).toBe(0);
  // The link that held focus is gone with its page: focus starts again at the page's content,
  // not at the top of the document.
  await expect(main).toBeFocused();

  // Back returns to the list; the browser puts it back where it was, not at its top.
  await page.goBack();
  await expect(list.getByRole('listitem')).toHaveCount(12);
  await expect(main).toBeFocused();
  await expect.poll(scrollTop).toBeGreaterThan(500);

  // A page picked from the menu takes focus into its content too, not back to the menu button.
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Trading Rules' })
    .tap();
  await expect(page.getByRole('heading', { name: 'Trading Rules', level: 1 })).toBeVisible();
  expect(await scrollTop()).toBe(0);
  await expect(main).toBeFocused();
});
