import { expect, test } from 'vitest';
import { NO_WEAKEST_RULE_TEXT, whyNoWeakestRule, whyNoWeakestRuleOf } from './weakest-rule.ts';

test('a window without a weakest rule is told apart by its counts', () => {
  const said = (followedCount: number, totalCount: number) =>
    NO_WEAKEST_RULE_TEXT[whyNoWeakestRule({ followedCount, totalCount })];
  expect(said(0, 0)).toBe('No rules checked');
  expect(said(3, 3)).toBe('None broken');
  expect(said(2, 3)).toBe('Only deleted rules broken');
  expect(said(0, 1)).toBe('Only deleted rules broken');
});

test('a window with a weakest rule has no why-none, whatever its counts', () => {
  const rule = { ruleId: 1 };
  expect(whyNoWeakestRuleOf({ followedCount: 2, totalCount: 3, weakestRule: rule })).toBeNull();
  expect(whyNoWeakestRuleOf({ followedCount: 2, totalCount: 3, weakestRule: null })).toBe(
    'only-deleted-broken',
  );
  expect(whyNoWeakestRuleOf({ followedCount: 0, totalCount: 0, weakestRule: null })).toBe(
    'nothing-checked',
  );
});
