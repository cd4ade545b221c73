import { afterEach, beforeEach, expect, test } from 'vitest';
import { MAX_RULES_PER_USER, RULE_DESCRIPTION_MAX_LENGTH } from '#shared/constants.ts';
import type { CalendarDay, Streaks, WeakestRule } from '#shared/schemas/discipline.ts';
import type { Rule } from '#shared/schemas/rules.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { copyVersion } from '#testing/versions.ts';
import {
  KEPT_DISCIPLINE,
  sizeOfCalendar,
  sizeOfStreaks,
  sizeOfWeakestRule,
} from './kept-discipline.ts';

const TODAY = '2026-11-20';
const DAY_BEFORE = '2026-11-19';

describeEachDialect('discipline answers kept between requests', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let ownerId: number;
  let rules: Rule[];
  beforeEach(async () => {
    t = await createTestApp(dialect);
    const owner = await createLoggedInUser(t.app);
    ({ cookie } = owner);
    ownerId = owner.user.id;
    rules = await createRules(t.app, cookie, [{ description: 'Wait' }, { description: 'Stop' }]);
    await createSession(t.app, cookie, {
      date: TODAY,
      rulesFollowed: [
        { ruleId: rules[0]!.id, followed: true },
        { ruleId: rules[1]!.id, followed: false },
      ],
    });
  });
  afterEach(() => t.close());

  const get = async <T>(url: string, as = cookie) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: as } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  /** What the dashboard shows of the three answers. */
  const dashboard = async (as = cookie) => {
    const { streaks } = await get<{ streaks: Streaks }>('/api/discipline/streaks', as);
    const { weakestRule } = await get<{ weakestRule: WeakestRule | null }>(
      `/api/discipline/weakest-rule?today=${TODAY}`,
      as,
    );
    const { days } = await get<{ days: CalendarDay[] }>(
      `/api/discipline/calendar?from=${DAY_BEFORE}&to=${TODAY}`,
      as,
    );
    return {
      rules: streaks.rules.map((rule) => `${rule.description} ${rule.current}`),
      weakest: weakestRule?.description ?? null,
      days: days.map((day) => `${day.date} ${day.sessionCount}`),
    };
  };
  /** Changed behind the server's back: no write of the app changes a version. */
  const renameInDatabase = (description: string) =>
    t.database.db.updateTable('trading_rules').set({ description }).execute();
  const moveSessionInDatabase = () =>
    t.database.db
      .updateTable('trading_sessions')
      .set({ session_date: DAY_BEFORE })
      .where('user_id', '=', ownerId)
      .execute();

  test('given again until a write of the trader’s sessions or rules', async () => {
    const before = {
      rules: ['Wait 1', 'Stop 0'],
      weakest: 'Stop',
      days: [`${TODAY} 1`],
    };
    expect(await dashboard()).toEqual(before);
    await renameInDatabase('Renamed');
    await moveSessionInDatabase();
    // Still the kept answers: the keeping is real…
    expect(await dashboard()).toEqual(before);

    // …until the trader edits a rule: the streaks and the weakest rule name the rules.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/rules/${rules[0]!.id}`,
      headers: { cookie },
      payload: { description: 'Wait for the close' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await dashboard()).toEqual({
      rules: ['Wait for the close 1', 'Renamed 0'],
      weakest: 'Renamed',
      // The calendar depends on the sessions alone: still kept.
      days: [`${TODAY} 1`],
    });

    // A session write ends them all.
    await createSession(t.app, cookie, {
      date: TODAY,
      rulesFollowed: [
        { ruleId: rules[0]!.id, followed: false },
        { ruleId: rules[1]!.id, followed: true },
      ],
    });
    expect(await dashboard()).toEqual({
      rules: ['Wait for the close 0', 'Renamed 1'],
      weakest: 'Wait for the close',
      days: [`${DAY_BEFORE} 1`, `${TODAY} 1`],
    });
  });

  test('kept for their trader, never given to another', async () => {
    await dashboard();
    const other = await createLoggedInUser(t.app);
    await createRules(t.app, other.cookie, [{ description: 'Theirs' }]);
    // Even with both versions the same as the owner's: answers are kept per trader.
    await copyVersion(t.database, 'summaries_version', ownerId, other.user.id);
    await copyVersion(t.database, 'rules_version', ownerId, other.user.id);
    expect(await dashboard(other.cookie)).toEqual({
      rules: ['Theirs 0'],
      weakest: null,
      days: [],
    });
  });
});

test('answers are counted by their texts, rules and days; the largest fit', () => {
  const rule = (description: string) => ({ ruleId: 1, description, current: 0 });
  const run = { current: 0, longest: 0 };
  const streaks = (rules: ReturnType<typeof rule>[]) => ({
    streaks: { perfect: run, excellent: run, rules },
  });
  expect(sizeOfStreaks(streaks([rule('Wait'), rule('Stop')]))).toBe(100 + 104 + 104);
  const most = streaks(
    Array.from({ length: MAX_RULES_PER_USER }, () => rule('d'.repeat(RULE_DESCRIPTION_MAX_LENGTH))),
  );
  expect(sizeOfStreaks(most)).toBe(60_100);
  expect(sizeOfStreaks(most)).toBeLessThanOrEqual(KEPT_DISCIPLINE.maxEntrySize);
  expect(sizeOfWeakestRule({ weakestRule: null, whyNoWeakestRule: 'none-broken' })).toBe(100);
  const day: CalendarDay = { date: TODAY, sessionCount: 1, complianceRating: 50, band: 'red' };
  const leapYear = Array.from({ length: 366 }, () => day);
  expect(sizeOfCalendar({ days: leapYear })).toBe(36_700);
  expect(sizeOfCalendar({ days: [] })).toBe(100);
});
