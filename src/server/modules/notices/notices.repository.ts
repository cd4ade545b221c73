import { sql } from 'kysely';
import { fromHundredths } from '#shared/schemas/results.ts';
import { byPages } from '../../db/by-pages.ts';
import type { AppDatabase } from '../../db/client.ts';
import { percentage, toBool } from '../../db/dialect.ts';
import type { MailStatus, NoticeKind } from '../../db/schema.ts';

export interface NoticeRow {
  id: number;
  user_id: number;
  kind: NoticeKind;
  period_key: string;
  payload: string;
  created_at: string;
  read_at: string | null;
  mail_status: MailStatus;
}

const noticeColumns = [
  'id',
  'user_id',
  'kind',
  'period_key',
  'payload',
  'created_at',
  'read_at',
  'mail_status',
] as const;

export interface NewNotice {
  userId: number;
  kind: NoticeKind;
  periodKey: string;
  payload: unknown;
  mailStatus: 'none' | 'pending';
}

/** A session a weekly report names: its best or its worst of the week. */
export interface ExtremeSession {
  id: number;
  name: string;
  date: string;
  complianceRating: number;
  resultR: number | null;
}

/** Figures of a set of sessions: counts and the compliance of their checklist items. */
export interface ItemFigures {
  sessionCount: number;
  followedCount: number;
  totalCount: number;
  compliance: number;
}

/** The notices table, and the few session figures the jobs read. Every query names its trader. */
export function createNoticesRepository({ db }: AppDatabase) {
  return {
    /**
     * Writes each notice unless its trader already has one of that kind and period, or no
     * longer exists: whichever instance, run or restart comes second adds nothing, and a
     * trader deleted after a page of reports was read is left out rather than failing the
     * page's insert on the foreign key. Answers how many this call wrote.
     */
    async insertMany(notices: readonly NewNotice[]): Promise<number> {
      if (notices.length === 0) return 0;
      // `column1`… are the names both databases give a VALUES list's columns.
      const rows = sql.join(
        notices.map(
          (notice) =>
            sql`(cast(${notice.userId} as integer), ${notice.kind}, ${notice.periodKey}, ${JSON.stringify(notice.payload)}, ${notice.mailStatus})`,
        ),
      );
      const result = await db
        .insertInto('notices')
        .columns(['user_id', 'kind', 'period_key', 'payload', 'mail_status'])
        .expression(
          sql`select column1, column2, column3, column4, column5 from (values ${rows}) as v
            where exists (select 1 from users u where u.id = v.column1)`,
        )
        .onConflict((conflict) => conflict.columns(['user_id', 'kind', 'period_key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    /** The trader's latest notices, newest first. */
    async latest(userId: number, limit: number): Promise<NoticeRow[]> {
      return db
        .selectFrom('notices')
        .select(noticeColumns)
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async unreadCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('notices')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async find(userId: number, id: number): Promise<NoticeRow | undefined> {
      return db
        .selectFrom('notices')
        .select(noticeColumns)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Marks the notice read once; a second call keeps the first time. */
    async markRead(userId: number, id: number, at: Date): Promise<void> {
      await db
        .updateTable('notices')
        .set({ read_at: at.toISOString() })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .where('read_at', 'is', null)
        .execute();
    },

    /** Whether the trader's 'Low Compliance Alerts' switch is on. */
    async wantsLowComplianceAlerts(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('notify_low_compliance')
        .where('id', '=', userId)
        .executeTakeFirst();
      return toBool(row?.notify_low_compliance ?? false);
    },

    /** The trader's latest notice of a kind whose period (a day) is on or after `fromDay`. */
    async hasKindSince(userId: number, kind: NoticeKind, fromDay: string): Promise<boolean> {
      const row = await db
        .selectFrom('notices')
        .select('id')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('period_key', '>=', fromDay)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Traders with at least one session on or before `lastDay` and no weekly report for
     * `periodKey` yet: the ones it is still owed to, by id, the first `limit` after `afterId`.
     */
    async tradersOwedReport(
      lastDay: string,
      periodKey: string,
      { afterId, limit }: { afterId: number; limit: number },
    ) {
      return db
        .selectFrom('users as u')
        .select(['u.id', 'u.notify_weekly_reports'])
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('trading_sessions as s')
              .select('s.id')
              .whereRef('s.user_id', '=', 'u.id')
              .where('s.session_date', '<=', lastDay),
          ),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('notices as n')
                .select('n.id')
                .whereRef('n.user_id', '=', 'u.id')
                .where('n.kind', '=', 'weekly_report')
                .where('n.period_key', '=', periodKey),
            ),
          ),
        )
        .where('u.id', '>', afterId)
        .orderBy('u.id')
        .limit(limit)
        .execute();
    },

    /**
     * Per trader who wants low-compliance alerts, has checklist items in the days and has had
     * no alert since `quietFrom` (a day), the figure of those days, as the dashboard computes
     * it: followed items over all items. Traders alerted lately are left out here, where one
     * index probe each rules them out, rather than each costing the job a locked check: the
     * job runs every few minutes and most runs find everyone alerted already.
     */
    async complianceOfAlertedTraders(range: { from: string; to: string }, quietFrom: string) {
      const { rows } = await sql<{
        userId: number;
        followedCount: number;
        totalCount: number;
        compliance: number;
      }>`
        select s.user_id as "userId", sum(s.followed_count) as "followedCount",
          sum(s.total_count) as "totalCount",
          ${percentage(sql`sum(s.followed_count)`, sql`sum(s.total_count)`)} as "compliance"
        from trading_sessions s
        join users u on u.id = s.user_id
        where u.notify_low_compliance = ${sql.lit(true)}
          and s.session_date >= ${range.from} and s.session_date <= ${range.to}
          and not exists (
            select 1 from notices n
            where n.user_id = u.id and n.kind = 'low_compliance' and n.period_key >= ${quietFrom}
          )
        group by s.user_id
        having sum(s.total_count) > 0
        order by s.user_id
      `.execute(db);
      return rows.map((row) => ({
        userId: Number(row.userId),
        followedCount: Number(row.followedCount),
        totalCount: Number(row.totalCount),
        compliance: Number(row.compliance),
      }));
    },

    /**
     * Per trader of `userIds` with sessions in the days: their count and the compliance of
     * their items. A trader without sessions there is absent.
     */
    async figuresOf(
      userIds: readonly number[],
      range: { from: string; to: string },
    ): Promise<Map<number, ItemFigures>> {
      return byPages(userIds, async (page) => {
        const { rows } = await sql<ItemFigures & { userId: number }>`
        select user_id as "userId", count(*) as "sessionCount",
          sum(followed_count) as "followedCount", sum(total_count) as "totalCount",
          ${percentage(sql`sum(followed_count)`, sql`sum(total_count)`)} as "compliance"
        from trading_sessions
        where user_id in (${sql.join(page)})
          and session_date >= ${range.from} and session_date <= ${range.to}
        group by user_id
      `.execute(db);
        return new Map(
          rows.map((row) => [
            Number(row.userId),
            {
              sessionCount: Number(row.sessionCount),
              followedCount: Number(row.followedCount),
              totalCount: Number(row.totalCount),
              compliance: Number(row.compliance),
            },
          ]),
        );
      });
    },

    /**
     * Per trader of `userIds` with sessions in the days, the best (highest rating, then
     * highest result in R, then earliest) and the worst (lowest rating, then lowest result in
     * R, then earliest) of them; sessions without a result in R come after those with one,
     * either way. One session may be both.
     */
    async extremeSessionsOf(userIds: readonly number[], range: { from: string; to: string }) {
      return byPages(userIds, async (page) => {
        const extremes = new Map<number, { best: ExtremeSession; worst: ExtremeSession }>();
        const noResultLast = sql`case when result_r is null then 1 else 0 end`;
        const { rows } = await sql<{
          user_id: number;
          id: number;
          name: string;
          session_date: string;
          compliance_rating: number;
          result_r: number | null;
          best: number;
          worst: number;
        }>`
        select user_id, id, name, session_date, compliance_rating, result_r, best, worst
        from (
          select user_id, id, name, session_date, compliance_rating, result_r,
            row_number() over (
              partition by user_id
              order by compliance_rating desc, ${noResultLast}, result_r desc, session_date, id
            ) as best,
            row_number() over (
              partition by user_id
              order by compliance_rating asc, ${noResultLast}, result_r asc, session_date, id
            ) as worst
          from trading_sessions
          where user_id in (${sql.join(page)})
            and session_date >= ${range.from} and session_date <= ${range.to}
        ) as ranked
        where best = 1 or worst = 1
      `.execute(db);
        for (const row of rows) {
          const session: ExtremeSession = {
            id: Number(row.id),
            name: row.name,
            date: String(row.session_date).slice(0, 10),
            complianceRating: Number(row.compliance_rating),
            resultR: fromHundredths(row.result_r === null ? null : Number(row.result_r)),
          };
          const userId = Number(row.user_id);
          const found = extremes.get(userId) ?? { best: session, worst: session };
          if (Number(row.best) === 1) found.best = session;
          if (Number(row.worst) === 1) found.worst = session;
          extremes.set(userId, found);
        }
        return extremes;
      });
    },

    /** Up to `limit` notices waiting for their mail, oldest first. */
    async pendingMailIds(limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('notices')
        .select('id')
        .where('mail_status', '=', 'pending')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Takes the notice's mail for this sender: one atomic update from 'pending' to 'sending'.
     * Of several senders (instances, or a restart's new one) exactly one gets true.
     */
    async claimMail(id: number, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('notices')
        .set({ mail_status: 'sending', mail_claimed_at: at.toISOString() })
        .where('id', '=', id)
        .where('mail_status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async finishMail(id: number, status: 'sent' | 'failed' | 'none'): Promise<void> {
      await db
        .updateTable('notices')
        .set({ mail_status: status })
        .where('id', '=', id)
        .where('mail_status', '=', 'sending')
        .execute();
    },

    /** The claimed notice with what its mail needs of its trader. */
    async mailOf(id: number) {
      return db
        .selectFrom('notices as n')
        .innerJoin('users as u', 'u.id', 'n.user_id')
        .select([
          'n.id',
          'n.kind',
          'n.payload',
          'u.email',
          'u.full_name',
          'u.username',
          'u.notify_weekly_reports',
          'u.notify_low_compliance',
        ])
        .where('n.id', '=', id)
        .executeTakeFirst();
    },
  };
}

export type NoticesRepository = ReturnType<typeof createNoticesRepository>;
