import {
  lowComplianceAlertSchema,
  NOTICES_PAGE_SIZE,
  weeklyReportSchema,
  type Notice,
  type NoticesResponse,
} from '#shared/schemas/notices.ts';
import type { AppDatabase } from '../../db/client.ts';
import { noticeNotFound } from './notices.errors.ts';
import { createNoticesRepository, type NoticeRow } from './notices.repository.ts';

/** A row as the API shows it; null for a payload this version cannot read (never expected). */
function toNotice(row: NoticeRow): Notice | null {
  const base = {
    id: row.id,
    periodKey: row.period_key,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
  const data: unknown = JSON.parse(row.payload);
  if (row.kind === 'weekly_report') {
    const report = weeklyReportSchema.safeParse(data);
    return report.success ? { ...base, kind: 'weekly_report', report: report.data } : null;
  }
  const alert = lowComplianceAlertSchema.safeParse(data);
  return alert.success ? { ...base, kind: 'low_compliance', alert: alert.data } : null;
}

export type NoticesService = ReturnType<typeof createNoticesService>;

/** The trader's own notices: the latest few, and marking one read. */
export function createNoticesService({
  database,
  now = () => new Date(),
}: {
  database: AppDatabase;
  now?: () => Date;
}) {
  const notices = createNoticesRepository(database);
  return {
    async list(userId: number): Promise<NoticesResponse> {
      const [rows, unreadCount] = await Promise.all([
        notices.latest(userId, NOTICES_PAGE_SIZE),
        notices.unreadCount(userId),
      ]);
      return {
        notices: rows.map(toNotice).filter((notice) => notice !== null),
        unreadCount,
      };
    },

    /** Marks the trader's notice read (again: no change); another trader's is not found. */
    async markRead(userId: number, id: number): Promise<Notice> {
      await notices.markRead(userId, id, now());
      const row = await notices.find(userId, id);
      const notice = row ? toNotice(row) : null;
      if (!notice) throw noticeNotFound();
      return notice;
    },
  };
}
