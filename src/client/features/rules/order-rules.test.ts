import { describe, expect, it } from 'vitest';
import type { Rule } from '#shared/schemas/rules.ts';
import { orderRules } from './order-rules.ts';

function rule(id: number): Rule {
  return { id, description: `Rule ${id}`, notes: null, displayOrder: id - 1 };
}

describe('orderRules', () => {
  const rules = [rule(1), rule(2), rule(3)];

  it('puts the rules in the order of the ids', () => {
    expect(orderRules(rules, [3, 1, 2])?.map((r) => r.id)).toEqual([3, 1, 2]);
  });

  it('keeps the rule objects themselves', () => {
    expect(orderRules(rules, [2, 3, 1])?.[2]).toBe(rules[0]);
  });

  it('gives up when a rule was deleted meanwhile', () => {
    expect(orderRules([rule(1), rule(3)], [3, 2, 1])).toBeUndefined();
  });

  it('gives up when a rule was added meanwhile', () => {
    expect(orderRules([...rules, rule(4)], [3, 2, 1])).toBeUndefined();
  });

  it('gives up when an id is named twice', () => {
    expect(orderRules(rules, [1, 1, 2])).toBeUndefined();
  });

  it('gives up when an id is unknown', () => {
    expect(orderRules(rules, [1, 2, 9])).toBeUndefined();
  });
});
