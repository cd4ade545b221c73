import { randomUUID } from 'node:crypto';
import { z } from '#shared/zod.ts';
import { bandRange } from '#shared/compliance.ts';
import { isCalendarDate, MAX_ID, toWireDate } from '#shared/schemas/common.ts';
import { fromHundredths } from '#shared/schemas/results.ts';
import type {
  Session,
  SessionRuleResult,
  SessionSummary,
  SessionsPage,
  SessionsQuery,
} from '#shared/schemas/sessions.ts';
import type { AppDatabase } from '../../db/client.ts';
import { toBool } from '../../db/dialect.ts';
import { encodeCursor, readCursor } from '../../db/keyset-cursor.ts';
import { runAsNamedStatement } from '../../db/prepared-query.ts';

const summaryColumns = [
  'id',
  'name',
  'session_date',
  'session_type_id',
  'compliance_rating',
  'followed_count',
  'total_count',
  'screenshot_ref',
  'result_money',
  'result_r',
  'created_at',
] as const;

interface SummaryRow {
  id: number;
  name: string;
  session_date: string;
  session_type_id: number | null;
  compliance_rating: number;
  followed_count: number;
  total_count: number;
  screenshot_ref: string | null;
  result_money: number | null;
  result_r: number | null;
  created_at: string;
}

function toSummary(row: SummaryRow): SessionSummary {
  return {
    id: row.id,
    name: row.name,
    date: toWireDate(row.session_date),
    sessionTypeId: row.session_type_id,
    complianceRating: row.compliance_rating,
    followedCount: row.followed_count,
    totalCount: row.total_count,
    screenshotPath: row.screenshot_ref,
    resultMoney: fromHundredths(row.result_money),
    resultR: fromHundredths(row.result_r),
    createdAt: row.created_at,
  };
}

/** The position of a row in the newest-first order: its date, then its id. */
const cursorSchema = z.tuple([
  z.string().check(z.refine(isCalendarDate)),
  z.int().check(z.gte(1), z.lte(MAX_ID)),
]);

/** A session's row fields as the service writes them. */
export interface SessionRowData {
  name: string;
  sessionDate: string;
  /** None for an imported session whose market session this app does not know. */
  sessionTypeId: number | null;
  notes: string | null;
  complianceRating: number;
  followedCount: number;
  totalCount: number;
  /** Hundredths of the trader's currency and of R; null clears, undefined keeps (an update). */
  resultMoney?: number | null;
  resultR?: number | null;
}

function toColumns(data: SessionRowData, screenshotRef: string | null) {
  return {
    name: data.name,
    session_date: data.sessionDate,
    session_type_id: data.sessionTypeId,
    notes: data.notes,
    compliance_rating: data.complianceRating,
    followed_count: data.followedCount,
    total_count: data.totalCount,
    screenshot_ref: screenshotRef,
    ...(data.resultMoney === undefined ? {} : { result_money: data.resultMoney }),
    ...(data.resultR === undefined ? {} : { result_r: data.resultR }),
  };
}

export interface ChecklistItem {
  ruleId: number;
  description: string;
  followed: boolean;
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

/** Every query takes the owner's id: a session is only ever read or changed by its trader. */
export function createSessionsRepository({ db }: AppDatabase) {
  const insertChecklist = async (userId: number, sessionId: number, items: ChecklistItem[]) => {
    if (items.length === 0) return;
    await db
      .insertInto('session_rule_results')
      .values(
        items.map((item, position) => ({
          session_id: sessionId,
          user_id: userId,
          rule_id: item.ruleId,
          rule_description: item.description,
          position,
          followed: item.followed,
        })),
      )
      .execute();
  };

  /** Writes a session's row and counts the write; `asEdit`: an edit (`PUT`), not a create. */
  const updateRow = async (
    userId: number,
    id: number,
    data: SessionRowData,
    screenshotRef: string | null,
    asEdit: boolean,
  ) => {
    await db
      .updateTable('trading_sessions')
      .set((eb) => ({
        ...toColumns(data, screenshotRef),
        version: eb('version', '+', 1),
        ...(asEdit ? { edited: true } : {}),
      }))
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  };

  return {
    /** One page, newest first; `limit + 1` rows are read to know whether another page follows. */
    async listSessions(userId: number, query: SessionsQuery): Promise<SessionsPage> {
      const after = readCursor(query.cursor, cursorSchema);
      const band = query.band ? bandRange(query.band) : null;

      let select = db
        .selectFrom('trading_sessions')
        .select(summaryColumns)
        .where('user_id', '=', userId);
      if (query.from) select = select.where('session_date', '>=', query.from);
      if (query.to) select = select.where('session_date', '<=', query.to);
      if (query.sessionTypeId) select = select.where('session_type_id', '=', query.sessionTypeId);
      if (band) {
        select = select
          .where('compliance_rating', '>=', band.min)
          .where('compliance_rating', '<=', band.max);
      }
      if (query.hasScreenshot !== undefined) {
        select = select.where('screenshot_ref', query.hasScreenshot ? 'is not' : 'is', null);
      }
      if (after) {
        const [date, id] = after;
        select = select.where((eb) =>
          eb.or([
            eb('session_date', '<', date),
            eb.and([eb('session_date', '=', date), eb('id', '<', id)]),
          ]),
        );
      }
      const rows = await runAsNamedStatement(
        db,
        select
          .orderBy('session_date', 'desc')
          .orderBy('id', 'desc')
          .limit(query.limit + 1),
      );

      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        sessions: page.map(toSummary),
        nextCursor:
          rows.length > query.limit && last ? encodeCursor([last.session_date, last.id]) : null,
      };
    },

    /**
     * The trader's session with its checklist, in one statement: in two, an edit committed
     * between them could answer the row of one version with the checklist of another.
     */
    async findSession(userId: number, id: number): Promise<Session | undefined> {
      // The checklist is found by its primary key's session id; the row is the trader's.
      const rows = await db
        .selectFrom('trading_sessions as s')
        .leftJoin('session_rule_results as r', 'r.session_id', 's.id')
        .select([
          ...summaryColumns.map((column) => `s.${column}` as const),
          's.notes',
          's.version',
          'r.rule_id',
          'r.rule_description',
          'r.followed',
        ])
        .where('s.id', '=', id)
        .where('s.user_id', '=', userId)
        .orderBy('r.position')
        .execute();
      const [row] = rows;
      if (!row) return undefined;
      const rulesFollowed: SessionRuleResult[] = [];
      for (const item of rows) {
        // A session of no rules joins no item: its one row holds none.
        const { rule_id: ruleId, rule_description: description, followed } = item;
        if (ruleId === null || description === null || followed === null) continue;
        rulesFollowed.push({ ruleId, description, followed: toBool(followed) });
      }
      return { ...toSummary(row), notes: row.notes, rulesFollowed, version: row.version };
    },

    async insertSession(
      userId: number,
      data: SessionRowData,
      screenshotRef: string | null,
      checklist: ChecklistItem[],
      /** An imported session keeps the id it was exported with. */
      uid: string = randomUUID(),
    ): Promise<number> {
      const { id } = await db
        .insertInto('trading_sessions')
        .values({ user_id: userId, uid, ...toColumns(data, screenshotRef) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertChecklist(userId, id, checklist);
      return id;
    },

    /** The trader's session of this uid: its id, day, screenshot, and whether it was edited. */
    async findSessionByUid(userId: number, uid: string) {
      const row = await db
        .selectFrom('trading_sessions')
        .select(['id', 'session_date', 'screenshot_ref', 'edited'])
        .where('user_id', '=', userId)
        .where('uid', '=', uid)
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          day: row.session_date,
          screenshotRef: row.screenshot_ref,
          isEdited: toBool(row.edited),
        }
      );
    },

    /** Writes a session anew, its checklist too: the row keeps only its id and uid. */
    async replaceSession(
      userId: number,
      id: number,
      data: SessionRowData,
      screenshotRef: string | null,
      checklist: ChecklistItem[],
    ): Promise<void> {
      await updateRow(userId, id, data, screenshotRef, false);
      await db
        .deleteFrom('session_rule_results')
        .where('session_id', '=', id)
        .where('user_id', '=', userId)
        .execute();
      await insertChecklist(userId, id, checklist);
    },

    updateSession: (
      userId: number,
      id: number,
      data: SessionRowData,
      screenshotRef: string | null,
    ) => updateRow(userId, id, data, screenshotRef, true),

    /** Sets the followed flags of a session's items; their snapshots stay as saved. */
    async setFollowed(userId: number, sessionId: number, followedRuleIds: number[]) {
      await db
        .updateTable('session_rule_results')
        .set((eb) => ({
          followed:
            followedRuleIds.length > 0
              ? eb.case().when('rule_id', 'in', followedRuleIds).then(true).else(false).end()
              : false,
        }))
        .where('session_id', '=', sessionId)
        .where('user_id', '=', userId)
        .execute();
    },

    /** Deletes the trader's sessions among `ids`; answers the day and screenshot of each. */
    async deleteSessions(userId: number, ids: number[]) {
      const rows = await db
        .deleteFrom('trading_sessions')
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .returning(['session_date', 'screenshot_ref'])
        .execute();
      return rows.map((row) => ({ day: row.session_date, screenshotRef: row.screenshot_ref }));
    },

    /** Which of `refs` a session still points at (the sweep keeps those files). */
    async findReferencedScreenshots(refs: string[]): Promise<Set<string>> {
      if (refs.length === 0) return new Set();
      const rows = await db
        .selectFrom('trading_sessions')
        .select('screenshot_ref')
        .where('screenshot_ref', 'in', refs)
        .execute();
      return new Set(rows.flatMap((row) => (row.screenshot_ref ? [row.screenshot_ref] : [])));
    },

    /** True when `ref` is the screenshot of one of this trader's sessions. */
    async ownsScreenshot(userId: number, ref: string): Promise<boolean> {
      const row = await db
        .selectFrom('trading_sessions')
        .select('id')
        .where('user_id', '=', userId)
        .where('screenshot_ref', '=', ref)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
