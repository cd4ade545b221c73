import { CompiledQuery, type RawBuilder } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import {
  currentExcellentRunsStatement,
  ruleRunsStatement,
  weakestRulesStatement,
} from './discipline.repository.ts';

const DAYS = { from: '2026-10-31', to: '2026-11-29' };

describeEachDialect('the discipline statements’ plans', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  /** The database's plan of a statement. */
  async function planOf(statement: RawBuilder<unknown>) {
    const compiled = statement.compile(t.database.db);
    const { rows } = await t.database.db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(
        `${dialect === 'sqlite' ? 'explain query plan' : 'explain'} ${compiled.sql}`,
        [...compiled.parameters],
      ),
    );
    return rows.map((row) => Object.values(row).join(' ')).join('\n');
  }

  test('the weakest rule reads the sessions of the days by the date index, not the trader’s every item', async () => {
    for (const page of [[1], [1, 2, 3]]) {
      const plan = await planOf(weakestRulesStatement(page, DAYS));
      if (dialect === 'sqlite') {
        // The window's sessions through the date index, then each one's checklist by session.
        expect(plan).toMatch(/SEARCH s USING COVERING INDEX trading_sessions_user_date /);
        expect(plan).toMatch(/SEARCH x USING INDEX sqlite_autoindex_session_rule_results_1 /);
      }
      // Never every checklist item of the trader, through the (user_id, rule_id) index.
      expect(plan).not.toMatch(/session_rule_results_user_rule/);
    }
  });

  test('the rules’ runs walk one month’s sessions newest first to each rule’s latest break, unsorted', async () => {
    const plan = await planOf(ruleRunsStatement(dialect, 1));
    if (dialect === 'sqlite') {
      // The month of the latest break, and the later months' counts, by the rule's month key.
      expect(plan).toMatch(
        /SEARCH m USING INDEX sqlite_autoindex_rule_month_stats_1 \(user_id=\? AND rule_id=\?\)/,
      );
      expect(plan).toMatch(
        /SEARCH later USING INDEX sqlite_autoindex_rule_month_stats_1 \(user_id=\? AND rule_id=\? AND month>\?\)/,
      );
      // The latest break: the month's sessions on the date index in its order, bounded on both
      // sides, each session's item of the rule by key.
      expect(plan).toMatch(
        /SEARCH s USING COVERING INDEX trading_sessions_user_date \(user_id=\? AND session_date>\? AND session_date<\?\)/,
      );
      expect(plan).toMatch(/SEARCH x EXISTS USING INDEX sqlite_autoindex_session_rule_results_1 /);
      // No window over the history and no sort of it: the walk stops at the first break.
      expect(plan).not.toMatch(/TEMP B-TREE/);
    } else {
      expect(plan).not.toMatch(/WindowAgg/);
      // The walk is bounded by the break's month on the date index.
      expect(plan).toMatch(
        /Index Only Scan Backward using trading_sessions_user_date on trading_sessions s .*\n.*Index Cond: .*session_date >= to_date\(m\.month/,
      );
    }
    // The walk to a rule's latest break is made once, not once for each place that reads it.
    const walks = plan.match(
      dialect === 'sqlite' ? /SEARCH x EXISTS USING INDEX/g : /Filter: \(NOT followed\)/g,
    );
    expect(walks).toHaveLength(1);
    // Each rule's kept figures by their key first: a rule never broken is not walked for.
    expect(plan).toMatch(
      dialect === 'sqlite'
        ? /SEARCH st USING INDEX sqlite_autoindex_rule_stats_1 \(user_id=\? AND rule_id=\?\)/
        : /Index Scan (using|on) rule_stats_pk/,
    );
  });

  test('the current runs of a page of traders read their month figures by key, never the sessions', async () => {
    for (const page of [[1], [1, 2, 3]]) {
      const plan = await planOf(currentExcellentRunsStatement(page));
      expect(plan).toMatch(
        dialect === 'sqlite'
          ? /SEARCH m USING INDEX sqlite_autoindex_month_stats_1 \(user_id=\?\)/
          : /Index Scan (Backward )?using month_stats_pk on month_stats m/,
      );
      expect(plan).not.toMatch(/trading_sessions/);
      // Each trader's latest month with a break is found once, not once per month it is read for.
      expect(plan).toMatch(dialect === 'sqlite' ? /MATERIALIZE break_months/ : /CTE break_months/);
    }
  });
});
