/**
 * Why a window of sessions has no weakest rule. Nothing checked is no praise, and neither is a
 * window whose broken items were all of rules deleted since: the weakest rule is one of the
 * trader's rules, so those are not named, but 'None broken' would not be true.
 */
export const NO_WEAKEST_RULE = ['nothing-checked', 'none-broken', 'only-deleted-broken'] as const;
export type NoWeakestRule = (typeof NO_WEAKEST_RULE)[number];

/**
 * From the window's checklist items (of every rule, deleted ones too) and those of them
 * followed, read with the weakest rule: a window without one.
 */
export function whyNoWeakestRule({
  followedCount,
  totalCount,
}: {
  followedCount: number;
  totalCount: number;
}): NoWeakestRule {
  if (totalCount === 0) return 'nothing-checked';
  return followedCount === totalCount ? 'none-broken' : 'only-deleted-broken';
}

/** Why the window has no weakest rule, or null when it has one. */
export function whyNoWeakestRuleOf(window: {
  followedCount: number;
  totalCount: number;
  weakestRule: object | null;
}): NoWeakestRule | null {
  return window.weakestRule ? null : whyNoWeakestRule(window);
}

/** In a short line (the team list, the weekly report). */
export const NO_WEAKEST_RULE_TEXT: Record<NoWeakestRule, string> = {
  'nothing-checked': 'No rules checked',
  'none-broken': 'None broken',
  'only-deleted-broken': 'Only deleted rules broken',
};
