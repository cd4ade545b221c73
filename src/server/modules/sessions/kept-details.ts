import type { Session } from '#shared/schemas/sessions.ts';
import type { AppDatabase } from '../../db/client.ts';
import { createKeptAnswers, type KeptAnswersBounds } from '../analytics/kept-answers.ts';

/**
 * What one instance keeps of sessions' details, the least recently asked going first, counted
 * in characters of their texts (name, notes, the checklist's rule texts) plus 100 for each
 * session and checklist row: at most 2,000 details and 4 million such characters, so 4 to 8 MiB
 * of heap at most (a character takes one byte or two). A session of 20 short rules counts about 3,000, one at every limit (5,000
 * characters of notes, 100 rules of 500) about 65,000, so from 60 to 1,300 details fit.
 */
export const KEPT_DETAILS: KeptAnswersBounds = {
  max: 2_000,
  maxSize: 4_000_000,
  maxEntrySize: 100_000,
};

/** A session's size in the units of `KEPT_DETAILS`. */
export function sizeOfDetails(session: Session): number {
  let size = 100 + session.name.length + (session.notes?.length ?? 0);
  for (const item of session.rulesFollowed) size += 100 + item.description.length;
  return size;
}

/**
 * The details of sessions an instance keeps while the trader's sessions are unchanged, each
 * under the session's id: a session's row and checklist change only by a write of the
 * trader's sessions, which changes the version they are kept under (`kept-answers.ts`).
 */
export function createKeptDetails(database: AppDatabase) {
  return createKeptAnswers(database, KEPT_DETAILS, sizeOfDetails);
}
