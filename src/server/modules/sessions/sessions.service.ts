import { complianceRating } from '#shared/compliance.ts';
import { addDays, utcDay } from '#shared/calendar.ts';
import { toCalendarDay } from '#shared/schemas/common.ts';
import { toHundredths } from '#shared/schemas/results.ts';
import type {
  CreateSessionData,
  Session,
  SessionsPage,
  SessionsQuery,
  UpdateSessionData,
} from '#shared/schemas/sessions.ts';
import type { AppDatabase } from '../../db/client.ts';
import { withTraderLock } from '../../db/trader-lock.ts';
import { refreshMonthSummaries } from '../analytics/analytics-summaries.ts';
import { createRulesRepository, type RulesRepository } from '../rules/rules.repository.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { createKeptDetails } from './kept-details.ts';
import { createKeptPages } from './kept-pages.ts';
import { createKeptScreenshots } from './kept-screenshots.ts';
import {
  deleteScreenshot,
  discardScreenshots,
  screenshotKeys,
  storeScreenshot,
} from './screenshot-files.ts';
import { createSessionTypesRepository } from './session-types.repository.ts';
import {
  checklistIncomplete,
  checklistMismatch,
  dateInFuture,
  screenshotNotFound,
  sessionChangedElsewhere,
  sessionNotFound,
  sessionSavedThenEdited,
  unknownRule,
  unknownSessionType,
} from './sessions.errors.ts';
import {
  createSessionsRepository,
  type ChecklistItem,
  type SessionRowData,
  type SessionsRepository,
} from './sessions.repository.ts';

export type SessionsService = ReturnType<typeof createSessionsService>;

type SessionFields = Pick<
  CreateSessionData,
  'name' | 'date' | 'sessionTypeId' | 'notes' | 'resultMoney' | 'resultR'
>;

/** Stored hundredths of an optional result: absent stays absent (an update keeps it). */
const storedResult = (value: number | null | undefined) =>
  value === undefined || value === null ? value : toHundredths(value);

/** The row's fields, with the rating the server computes from the checklist (never the client's). */
function toRowData(input: SessionFields, checklist: { followed: boolean }[]): SessionRowData {
  const followedCount = checklist.filter((item) => item.followed).length;
  return {
    name: input.name,
    sessionDate: input.date,
    sessionTypeId: input.sessionTypeId,
    notes: input.notes ?? null,
    complianceRating: complianceRating(followedCount, checklist.length),
    followedCount,
    totalCount: checklist.length,
    resultMoney: storedResult(input.resultMoney),
    resultR: storedResult(input.resultR),
  };
}

/**
 * Runs `write` with the new screenshot's files already stored (an image is written before the
 * row that points at it commits) and removes them again if the write fails and no row holds
 * them, so no file is left that no row references.
 */
async function withNewScreenshot<T>(
  database: AppDatabase,
  store: ImageStore,
  dataUrl: string | null | undefined,
  write: (ref: string | null) => Promise<T>,
): Promise<T> {
  const ref = dataUrl ? await storeScreenshot(store, dataUrl) : null;
  try {
    return await write(ref);
  } catch (error) {
    if (ref) await discardScreenshots(database, store, [ref]);
    throw error;
  }
}

/**
 * The latest day a session may be dated: a session is recorded on or after the day it was
 * traded. "Today" is the trader's own day, and the server does not know their time zone, so it
 * takes the UTC day after its own: that is today somewhere (UTC+14) while it is today here.
 */
export function latestSessionDay(now: Date): string {
  return addDays(utcDay(now), 1);
}

/**
 * Sessions and their screenshots. Every write runs under the trader's lock (a checklist checked
 * against the trader's rules stays true until it is stored); files no longer referenced are
 * removed after the transaction commits.
 */
export function createSessionsService({
  database,
  images,
  now = () => new Date(),
}: {
  database: AppDatabase;
  images: ImageStore;
  now?: () => Date;
}) {
  const assertNotAfterToday = (date: string) => {
    if (date > latestSessionDay(now())) throw dateInFuture();
  };
  const sessions = createSessionsRepository(database);
  const sessionTypes = createSessionTypesRepository(database);
  const pages = createKeptPages(database);
  const details = createKeptDetails(database);
  const screenshots = createKeptScreenshots(database);
  /**
   * A write under the trader's lock. `days` are the session days it changed: their months'
   * analytics summaries are recounted in the same transaction.
   */
  const locked = <T>(
    userId: number,
    work: (
      tx: SessionsRepository,
      txRules: RulesRepository,
    ) => Promise<{ result: T; days: string[] }>,
  ) =>
    withTraderLock(database, userId, async (tx) => {
      const { result, days } = await work(createSessionsRepository(tx), createRulesRepository(tx));
      await refreshMonthSummaries(tx, userId, days);
      return result;
    });

  const assertTypeExists = async (id: number) => {
    if (!(await sessionTypes.hasSessionType(id))) throw unknownSessionType();
  };

  const readSession = async (tx: SessionsRepository, userId: number, id: number) => {
    const session = await tx.findSession(userId, id);
    if (!session) throw sessionNotFound();
    return session;
  };

  const removeScreenshots = (refs: (string | null)[]) => {
    const removed = refs.filter((ref): ref is string => ref !== null);
    screenshots.forget(removed.map((ref) => screenshotKeys(ref).thumbnail));
    return Promise.all(removed.map((ref) => deleteScreenshot(images, ref)));
  };

  /** Deletes the trader's sessions among `ids`, then their files; answers how many went. */
  const deleteAll = async (userId: number, ids: number[]) => {
    const deleted = await locked(userId, async (tx) => {
      const rows = await tx.deleteSessions(userId, ids);
      return { result: rows, days: rows.map((row) => row.day) };
    });
    await removeScreenshots(deleted.map((row) => row.screenshotRef));
    return deleted.length;
  };

  return {
    /** `sessionsVersion`: the trader's, read with the request's login (`kept-answers.ts`). */
    listSessions: (
      userId: number,
      query: SessionsQuery,
      sessionsVersion?: string | null,
    ): Promise<SessionsPage> =>
      pages.page(userId, query, () => sessions.listSessions(userId, query), sessionsVersion),

    /** `sessionsVersion`: the trader's, read with the request's login (`kept-answers.ts`). */
    getSession: (userId: number, id: number, sessionsVersion?: string | null): Promise<Session> =>
      details.answer(userId, String(id), () => readSession(sessions, userId, id), sessionsVersion),

    /**
     * Records a session; `created` is false when `input.uid` named one of the trader's sessions,
     * which an earlier try of this create made and whose answer was lost: that session is then
     * written as this create says, with the same checks, rather than recorded twice, unless it
     * has been edited since (409).
     */
    async createSession(
      userId: number,
      input: CreateSessionData,
    ): Promise<{ session: Session; created: boolean }> {
      assertNotAfterToday(input.date);
      await assertTypeExists(input.sessionTypeId);
      let replacedRef: string | null = null;
      const outcome = await withNewScreenshot(database, images, input.screenshotData, (ref) =>
        locked(userId, async (tx, txRules) => {
          // A new checklist lists every current rule once (the schema refuses a repeat): a rule
          // left out would not count as broken, and would raise the rating.
          const descriptions = new Map(
            (await txRules.listRules(userId)).map((rule) => [rule.id, rule.description]),
          );
          const checklist: ChecklistItem[] = input.rulesFollowed.map((item) => {
            const description = descriptions.get(item.ruleId);
            if (description === undefined) throw unknownRule();
            return { ...item, description };
          });
          if (checklist.length !== descriptions.size) throw checklistIncomplete();
          const row = toRowData(input, checklist);

          const earlier =
            input.uid === undefined ? undefined : await tx.findSessionByUid(userId, input.uid);
          if (earlier) {
            // Edited since (on another device), the session is the edit's: not undone.
            if (earlier.isEdited) throw sessionSavedThenEdited();
            await tx.replaceSession(userId, earlier.id, row, ref, checklist);
            if (earlier.screenshotRef !== ref) replacedRef = earlier.screenshotRef;
            const session = await readSession(tx, userId, earlier.id);
            return { result: { session, created: false }, days: [earlier.day, input.date] };
          }
          const id = await tx.insertSession(userId, row, ref, checklist, input.uid);
          const session = await readSession(tx, userId, id);
          return { result: { session, created: true }, days: [input.date] };
        }),
      );
      await removeScreenshots([replacedRef]);
      return outcome;
    },

    async updateSession(userId: number, id: number, input: UpdateSessionData): Promise<Session> {
      await assertTypeExists(input.sessionTypeId);
      let replacedRef: string | null = null;
      const session = await withNewScreenshot(database, images, input.screenshotData, (newRef) =>
        locked(userId, async (tx) => {
          const current = await readSession(tx, userId, id);
          // Made from an earlier version, the edit would undo a write it never saw.
          if (input.version !== undefined && input.version !== current.version) {
            throw sessionChangedElsewhere();
          }
          // A date kept as it was stays, whatever it is (one recorded before this check).
          if (input.date !== toCalendarDay(current.date)) assertNotAfterToday(input.date);
          const given = new Map(input.rulesFollowed.map((item) => [item.ruleId, item.followed]));
          const isSameChecklist =
            given.size === current.rulesFollowed.length &&
            current.rulesFollowed.every((item) => given.has(item.ruleId));
          if (!isSameChecklist) throw checklistMismatch();

          // Absent keeps the screenshot, null removes it, a new image replaces it.
          const ref = input.screenshotData === undefined ? current.screenshotPath : newRef;
          if (ref !== current.screenshotPath) replacedRef = current.screenshotPath;
          await tx.updateSession(userId, id, toRowData(input, input.rulesFollowed), ref);
          await tx.setFollowed(
            userId,
            id,
            input.rulesFollowed.filter((item) => item.followed).map((item) => item.ruleId),
          );
          return {
            result: await readSession(tx, userId, id),
            days: [toCalendarDay(current.date), input.date],
          };
        }),
      );
      await removeScreenshots([replacedRef]);
      return session;
    },

    async deleteSession(userId: number, id: number): Promise<void> {
      if ((await deleteAll(userId, [id])) === 0) throw sessionNotFound();
    },

    /** Deletes those of `ids` that are the trader's, in one transaction; answers how many. */
    deleteSessions: (userId: number, ids: number[]): Promise<number> => deleteAll(userId, ids),

    /**
     * The bytes of one of the trader's screenshots (or its thumbnail); 404 for anyone else.
     * Who holds a screenshot is kept while the trader's sessions are unchanged, and thumbnails'
     * bytes by their key (`kept-screenshots.ts`). `sessionsVersion`: as `listSessions`'.
     */
    async readScreenshot(
      userId: number,
      ref: string,
      variant: 'image' | 'thumbnail',
      sessionsVersion?: string | null,
    ) {
      const owns = () => sessions.ownsScreenshot(userId, ref);
      if (!(await screenshots.owns(userId, ref, owns, sessionsVersion))) {
        throw screenshotNotFound();
      }
      const key = screenshotKeys(ref)[variant];
      const bytes =
        variant === 'thumbnail'
          ? await screenshots.thumbnail(key, () => images.get(key))
          : await images.get(key);
      if (!bytes) throw screenshotNotFound();
      return bytes;
    },
  };
}
