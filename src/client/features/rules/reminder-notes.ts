import type { Rule } from '#shared/schemas/rules.ts';

/**
 * The rules that make a reminder: those with notes, in the trader's order. The dashboard's
 * banner cycles through them, and the session reminders take them in turn.
 */
export function rulesWithNotes(rules: readonly Rule[]): Rule[] {
  return rules.filter((rule) => rule.notes?.trim());
}
