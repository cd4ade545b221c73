import { expect, test, type Page } from '@playwright/test';
import { seedDisciplineHistory } from './analytics-support.ts';
import { logInAsNewTrader } from './support.ts';

/**
 * Collects the page's Content-Security-Policy violations from the document's own event, from
 * before its first script runs. A blocked attempt counts even when the code caught the error
 * (zod's probe for `new Function` did exactly that): the browser reports it all the same.
 */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test('the login page, the dashboard and the analytics page break no rule of the CSP', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await violations()).toEqual([]);

  await logInAsNewTrader(page);
  await seedDisciplineHistory(page);
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Recent Sessions' }).getByRole('listitem'),
  ).toHaveCount(3);
  expect(await violations()).toEqual([]);

  await page.goto('/analytics');
  await expect(
    page.getByRole('application', { name: 'Trading Rule Compliance Analysis' }),
  ).toBeVisible();
  expect(await violations()).toEqual([]);
});
