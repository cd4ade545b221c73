import type { User } from '#shared/schemas/auth.ts';
import { toBool } from '../../db/dialect.ts';
import type { UserRecord } from '../../db/schema.ts';

/** The user as the API shows it. */
export function toUserDto(row: UserRecord): User {
  return {
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    email: row.email,
    companyName: row.company_name,
    avatar: row.avatar_ref ? `/api/avatars/${row.avatar_ref}` : null,
    isAdmin: toBool(row.is_admin),
    createdAt: row.created_at,
    preferences: {
      notifications: {
        tradingSessions: toBool(row.notify_trading_sessions),
        weeklyReports: toBool(row.notify_weekly_reports),
        lowCompliance: toBool(row.notify_low_compliance),
      },
      theme: row.theme,
    },
  };
}

/** Usernames are unique without regard to case or Unicode form, on both databases. */
export function normalizeUsername(username: string): string {
  return username.normalize('NFKC').toLowerCase();
}
