import { CompiledQuery, type RawBuilder } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { ruleRunsStatement, weakestRulesStatement } from './discipline.repository.ts';

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

  test('the rules’ runs walk the sessions newest first to each rule’s latest break, unsorted', async () => {
    const plan = await planOf(ruleRunsStatement(1));
    if (dialect === 'sqlite') {
      // The latest break: the date index in its order, each session's item of the rule by key.
      expect(plan).toMatch(/SEARCH s USING COVERING INDEX trading_sessions_user_date /);
      expect(plan).toMatch(/SEARCH x EXISTS USING INDEX sqlite_autoindex_session_rule_results_1 /);
      // No window over the history and no sort of it: the walk stops at the first break.
      expect(plan).not.toMatch(/TEMP B-TREE/);
    } else {
      expect(plan).not.toMatch(/WindowAgg/);
    }
    // Each rule's kept figures by their key first: a rule never broken is not walked for.
    expect(plan).toMatch(
      dialect === 'sqlite'
        ? /SEARCH st USING INDEX sqlite_autoindex_rule_stats_1 \(user_id=\? AND rule_id=\?\)/
        : /Index Scan (using|on) rule_stats_pk/,
    );
  });
});
