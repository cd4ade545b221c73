import { sql } from 'kysely';
import type { AppDatabase } from '../../db/client.ts';
import { toBool } from '../../db/dialect.ts';

/** A session as the export writes it, with its checklist in the order it was recorded. */
export interface ExportedSessionRow {
  id: number;
  uid: string;
  name: string;
  sessionDate: string;
  sessionType: string | null;
  notes: string | null;
  complianceRating: number;
  followedCount: number;
  totalCount: number;
  screenshotRef: string | null;
  /** Hundredths of the trader's currency and of R, if recorded. */
  resultMoney: number | null;
  resultR: number | null;
  createdAt: string;
  checklist: { ruleId: number; description: string; followed: boolean }[];
}

/** Sessions are read this many at a time: memory stays flat however long the history. */
const PAGE = 500;

/** A checklist item's key in `findChecklistItems`' answer. */
export function itemKey(uid: string, position: number): string {
  return `${uid}#${position}`;
}

export type DataTransferRepository = ReturnType<typeof createDataTransferRepository>;

/** Every query takes the owner's id: an export holds the trader's own rows and nothing else. */
export function createDataTransferRepository(
  { db, dialect }: AppDatabase,
  /** Sessions read at once by the export; tests make it small to cross pages. */
  pageSize = PAGE,
) {
  /** The columns of an exported session, of the trader's sessions. */
  function exportedSessions(userId: number) {
    return db
      .selectFrom('trading_sessions as s')
      .leftJoin('session_types as t', 't.id', 's.session_type_id')
      .select([
        's.id',
        's.uid',
        's.name',
        's.session_date as sessionDate',
        't.name as sessionType',
        's.notes',
        's.compliance_rating as complianceRating',
        's.followed_count as followedCount',
        's.total_count as totalCount',
        's.screenshot_ref as screenshotRef',
        's.result_money as resultMoney',
        's.result_r as resultR',
        's.created_at as createdAt',
      ])
      .where('s.user_id', '=', userId);
  }

  type SessionColumns = Awaited<ReturnType<ReturnType<typeof exportedSessions>['execute']>>;

  /** The rows with their checklists, in the order the sessions held them. */
  async function withChecklists(
    userId: number,
    rows: SessionColumns,
  ): Promise<ExportedSessionRow[]> {
    const items = await db
      .selectFrom('session_rule_results')
      .select(['session_id', 'rule_id', 'rule_description', 'followed'])
      .where('user_id', '=', userId)
      .where(
        'session_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('session_id')
      .orderBy('position')
      .execute();
    const checklists = new Map<number, ExportedSessionRow['checklist']>();
    for (const item of items) {
      const list = checklists.get(item.session_id) ?? [];
      list.push({
        ruleId: item.rule_id,
        description: item.rule_description,
        followed: toBool(item.followed),
      });
      checklists.set(item.session_id, list);
    }
    return rows.map((row) => ({ ...row, checklist: checklists.get(row.id) ?? [] }));
  }

  return {
    /**
     * The trader's sessions, oldest first (by date, then id), a page at a time, each once. The
     * pages are read one after another, not in one transaction (which would hold SQLite's one
     * connection for the whole export), so a session's date may change between them (an edit
     * on another device). One moved after the pages read so far comes again in a later page,
     * and is skipped there: a uid twice made the file refused on import. One moved before them
     * was never met, and is read at the end, out of date order: without it the backup lacked
     * it. A session recorded meanwhile may be in the file or not (decision 23).
     */
    async *sessionPages(userId: number): AsyncGenerator<ExportedSessionRow[]> {
      const written = new Set<number>();
      let after: { date: string; id: number } | null = null;
      for (;;) {
        let select = exportedSessions(userId);
        if (after) {
          const { date, id } = after;
          select = select.where((eb) =>
            eb.or([
              eb('s.session_date', '>', date),
              eb.and([eb('s.session_date', '=', date), eb('s.id', '>', id)]),
            ]),
          );
        }
        const rows = await select
          .orderBy('s.session_date')
          .orderBy('s.id')
          .limit(pageSize)
          .execute();
        const fresh = rows.filter((row) => !written.has(row.id));
        for (const row of fresh) written.add(row.id);
        if (fresh.length > 0) yield await withChecklists(userId, fresh);
        const last = rows.at(-1);
        if (!last || rows.length < pageSize) break;
        after = { date: last.sessionDate, id: last.id };
      }
      // Those moved behind the pages while they were read.
      const ids = await db
        .selectFrom('trading_sessions')
        .select('id')
        .where('user_id', '=', userId)
        .execute();
      const missed = ids.map((row) => row.id).filter((id) => !written.has(id));
      for (let start = 0; start < missed.length; start += pageSize) {
        const rows = await exportedSessions(userId)
          .where('s.id', 'in', missed.slice(start, start + pageSize))
          .orderBy('s.session_date')
          .orderBy('s.id')
          .execute();
        if (rows.length > 0) yield await withChecklists(userId, rows);
      }
    },

    /** The screenshot references of the trader's sessions, oldest session first. */
    async listScreenshotRefs(userId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('trading_sessions')
        .select('screenshot_ref')
        .where('user_id', '=', userId)
        .where('screenshot_ref', 'is not', null)
        .orderBy('session_date')
        .orderBy('id')
        .execute();
      return rows.flatMap((row) => (row.screenshot_ref ? [row.screenshot_ref] : []));
    },

    /** Which of `uids` the trader's sessions already have. */
    async findExistingUids(userId: number, uids: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let start = 0; start < uids.length; start += PAGE) {
        const rows = await db
          .selectFrom('trading_sessions')
          .select('uid')
          .where('user_id', '=', userId)
          .where('uid', 'in', uids.slice(start, start + PAGE))
          .execute();
        for (const row of rows) found.add(row.uid);
      }
      return found;
    },

    /**
     * The rule of the checklist item at `position` of each session `uid` of the trader, with
     * the description it was saved with: how this account recorded a rule when the session
     * came in (an earlier import of the same trader's data, or the account's own session).
     * Keyed `uid#position`.
     */
    async findChecklistItems(
      userId: number,
      items: { uid: string; position: number }[],
    ): Promise<Map<string, { ruleId: number; description: string }>> {
      const found = new Map<string, { ruleId: number; description: string }>();
      for (let start = 0; start < items.length; start += PAGE) {
        const slice = items.slice(start, start + PAGE);
        const wanted = new Set(slice.map((item) => itemKey(item.uid, item.position)));
        const rows = await db
          .selectFrom('session_rule_results as r')
          .innerJoin('trading_sessions as s', 's.id', 'r.session_id')
          .select(['s.uid', 'r.position', 'r.rule_id', 'r.rule_description'])
          .where('s.user_id', '=', userId)
          .where('s.uid', 'in', [...new Set(slice.map((item) => item.uid))])
          .execute();
        for (const row of rows) {
          const key = itemKey(row.uid, row.position);
          if (wanted.has(key)) {
            found.set(key, { ruleId: row.rule_id, description: row.rule_description });
          }
        }
      }
      return found;
    },

    /**
     * A rule id that no rule has or will ever have, for the checklist items of a rule that was
     * deleted before the export: their history stays together under one id, as it was. Both
     * databases hand out rule ids from a counter that never goes back (SQLite AUTOINCREMENT,
     * PostgreSQL identity), so taking the next value of it is enough.
     */
    async reserveRuleId(): Promise<number> {
      if (dialect === 'postgres') {
        const { rows } = await sql<{ id: string | number }>`
          select nextval(pg_get_serial_sequence('trading_rules', 'id')) as id
        `.execute(db);
        return Number(rows[0]?.id);
      }
      const { rows } = await sql<{ seq: number }>`
        update sqlite_sequence set seq = seq + 1 where name = 'trading_rules' returning seq
      `.execute(db);
      if (rows[0]) return Number(rows[0].seq);
      // No rule was ever made in this database: start the counter.
      await sql`insert into sqlite_sequence (name, seq) values ('trading_rules', 1)`.execute(db);
      return 1;
    },
  };
}
