import type { User } from '#shared/schemas/auth.ts';
import { toBool } from '../../db/dialect.ts';
import type { UserRecord } from '../../db/schema.ts';
import { foldText } from './user-search.ts';

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
      results: { currency: row.currency, hideMoney: toBool(row.hide_money) },
      reminders: {
        sessionTypeIds: parseIdList(row.reminder_session_types),
        minutesBefore: row.reminder_minutes_before,
      },
      sharing: { discipline: toBool(row.share_discipline) },
    },
  };
}

/** A JSON list of ids as the server wrote it; anything else reads as none. */
function parseIdList(json: string): number[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/**
 * Usernames are unique without regard to case or Unicode form, on both databases: folded as
 * the administrator's search folds text, the two Greek sigmas one letter. Lower case alone
 * wrote a capital Σ ending a word as ς and left a σ typed there as it was, so 'ΟΔΥΣΣΕΥΣ' and
 * 'οδυσσευσ' were two accounts (migration 0012 folds the names stored before).
 */
export function normalizeUsername(username: string): string {
  return foldText(username);
}
