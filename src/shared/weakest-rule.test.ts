import { expect, test } from 'vitest';
import { NO_WEAKEST_RULE_TEXT, whyNoWeakestRule } from './weakest-rule.ts';

test('a window without a weakest rule is told apart by its counts', () => {
  const said = (followedCount: number, totalCount: number) =>
    NO_WEAKEST_RULE_TEXT[whyNoWeakestRule({ followedCount, totalCount })];
  expect(said(0, 0)).toBe('No rules checked');
  expect(said(3, 3)).toBe('None broken');
  expect(said(2, 3)).toBe('Only deleted rules broken');
  expect(said(0, 1)).toBe('Only deleted rules broken');
});
