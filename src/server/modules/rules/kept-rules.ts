import type { Rule } from '#shared/schemas/rules.ts';
import type { AppDatabase } from '../../db/client.ts';
import { createKeptAnswers, type KeptAnswersBounds } from '../analytics/kept-answers.ts';

/**
 * What one instance keeps of traders' lists of rules, the least recently asked going first,
 * counted in characters of their texts plus 100 for the list and each rule (an empty list
 * counts too: the cache takes no size of 0): at most 2,000 lists and 4
 * million such characters, so 4 to 8 MiB of heap at most (a character takes one byte or two).
 * Twenty rules of short texts count about 3,000; the longest list a trader can make (100 rules
 * of 500 characters with 2,000 of notes) 260,100, and fits.
 */
export const KEPT_RULES: KeptAnswersBounds = {
  max: 2_000,
  maxSize: 4_000_000,
  maxEntrySize: 300_000,
};

/** A list's size in the units of `KEPT_RULES`. */
export function sizeOfRules(rules: Rule[]): number {
  let size = 100;
  for (const rule of rules) size += 100 + rule.description.length + (rule.notes?.length ?? 0);
  return size;
}

/**
 * The traders' lists of rules an instance keeps while their rules are unchanged: every write of
 * a trader's rules changes the rules version they are kept under (`rules.repository.ts`).
 * Read on every screen that shows the rules or the reminder banner.
 */
export function createKeptRules(database: AppDatabase) {
  return createKeptAnswers(database, KEPT_RULES, sizeOfRules, 'rules');
}
