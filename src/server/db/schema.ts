import type { ColumnType, Generated, Selectable, SqlBool } from 'kysely';
import type { Theme } from '#shared/schemas/theme.ts';

/** An ISO-8601 UTC timestamp with milliseconds, written by the database. */
type Timestamp = ColumnType<string, never, never>;
/** A boolean as each dialect returns it: 1/0 from SQLite, true/false from PostgreSQL. */
type Bool = ColumnType<SqlBool, boolean, boolean>;
type BoolWithDefault = ColumnType<SqlBool, boolean | undefined, boolean>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** NFKC-normalised and lower-cased in JS: unique without regard to case on both dialects. */
  username_normalized: string;
  password_hash: string;
  full_name: string;
  email: string;
  company_name: string | null;
  avatar_ref: string | null;
  is_admin: BoolWithDefault;
  notify_trading_sessions: BoolWithDefault;
  notify_weekly_reports: BoolWithDefault;
  notify_low_compliance: BoolWithDefault;
  theme: ColumnType<Theme, Theme | undefined, Theme>;
  /** ISO 4217 code of the currency the trader's money results are in. */
  currency: ColumnType<string, string | undefined, string>;
  /** Privacy: money amounts are never shown or answered, only R. */
  hide_money: BoolWithDefault;
  /** Administrators may see this trader's discipline figures (never notes, images or money). */
  share_discipline: BoolWithDefault;
  /** JSON list of the session type ids the trader wants a browser reminder before. */
  reminder_session_types: ColumnType<string, string | undefined, string>;
  reminder_minutes_before: ColumnType<number, number | undefined, number>;
  /** Changed by every recount of the trader's analytics summaries; empty before the first. */
  summaries_version: ColumnType<string, never, string>;
  /** Changed by every write of the trader's rules; empty before the first. */
  rules_version: ColumnType<string, never, string>;
  /**
   * The fields the administrator's search looks through, folded (`user-search.ts`). Optional
   * on insert for the migrations' tests, which write rows of older schemas; every writer of
   * today's sets it.
   */
  search_text: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: ColumnType<string, never, string>;
}

/** Logins ("auth sessions"): one row per logged-in browser. */
export interface AuthSessionsTable {
  /** SHA-256 of the cookie token: a stolen table does not hand out logins. */
  id: string;
  user_id: number;
  /** When the login ends unless renewed: the idle end, never past the absolute end. */
  expires_at: string;
  is_persistent: Bool;
  /** The absolute end of a login is counted from here; written by the server's clock. */
  created_at: ColumnType<string, string, never>;
  /** The browser's User-Agent when the login was made, for the list of active logins. */
  user_agent: string | null;
  /** Moved forward at most every few minutes, like the idle end. */
  last_used_at: string | null;
}

export interface TradingRulesTable {
  id: Generated<number>;
  user_id: number;
  description: string;
  notes: string | null;
  display_order: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: ColumnType<string, never, string>;
}

export interface SessionTypesTable {
  id: Generated<number>;
  name: string;
  start_time: string;
  end_time: string;
  description: string | null;
}

export interface TradingSessionsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** A calendar date, `YYYY-MM-DD` on both dialects. */
  session_date: string;
  session_type_id: number | null;
  compliance_rating: number;
  followed_count: number;
  total_count: number;
  screenshot_ref: string | null;
  notes: string | null;
  /** Random, unique per trader, kept by export and import: the same file imported twice adds nothing. */
  uid: ColumnType<string, string, never>;
  /** The session's result in hundredths of the trader's currency, if recorded. */
  result_money: number | null;
  /** The session's result in hundredths of R (multiples of the planned risk), if recorded. */
  result_r: number | null;
  /** How many times the session was written: 1 when recorded, one more with each write. */
  version: Generated<number>;
  /** Whether an edit (`PUT`) was ever saved: a repeated create leaves an edited session be. */
  edited: BoolWithDefault;
  created_at: Timestamp;
}

export interface SessionRuleResultsTable {
  session_id: number;
  user_id: number;
  /** Not a foreign key: a deleted rule keeps its history. */
  rule_id: number;
  /** The rule's description when the session was saved. */
  rule_description: string;
  position: number;
  followed: Bool;
}

/** One trader's sessions of one month, summed: kept in step by every session write. */
export interface MonthStatsTable {
  user_id: number;
  /** `YYYY-MM`. */
  month: string;
  session_count: number;
  rating_sum: number;
  followed_count: number;
  total_count: number;
  /**
   * The sessions at 90% or more the month ends with: those after its latest session below 90%,
   * in (date, id) order, or all of them when none is.
   */
  closing_excellent_run: number;
}

/** One rule's checklist items of one trader's month, summed, with its latest text. */
export interface RuleMonthStatsTable {
  user_id: number;
  rule_id: number;
  month: string;
  followed_count: number;
  total_count: number;
  latest_date: string;
  latest_session_id: number;
  description: string;
}

/** One rule's checklist items over a trader's whole history, summed, with its latest text. */
export type RuleStatsTable = Omit<RuleMonthStatsTable, 'month'>;

export type NoticeKind = 'weekly_report' | 'low_compliance';
export type MailStatus = 'none' | 'pending' | 'sending' | 'sent' | 'failed';

/** Something the app tells one trader: a weekly report or a low-compliance alert. */
export interface NoticesTable {
  id: Generated<number>;
  user_id: number;
  kind: NoticeKind;
  /** The period the notice is for, e.g. the ISO week `2026-W48`: unique per trader and kind. */
  period_key: string;
  /** The notice's figures as JSON. */
  payload: string;
  created_at: Timestamp;
  read_at: string | null;
  mail_status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  mail_claimed_at: string | null;
}

export interface Database {
  users: UsersTable;
  auth_sessions: AuthSessionsTable;
  trading_rules: TradingRulesTable;
  session_types: SessionTypesTable;
  trading_sessions: TradingSessionsTable;
  session_rule_results: SessionRuleResultsTable;
  month_stats: MonthStatsTable;
  rule_month_stats: RuleMonthStatsTable;
  rule_stats: RuleStatsTable;
  notices: NoticesTable;
}

export type UserRow = Selectable<UsersTable>;
/** A user as the server handles it outside the password check: no password hash. */
export type UserRecord = Omit<
  UserRow,
  | 'password_hash'
  | 'username_normalized'
  | 'updated_at'
  | 'summaries_version'
  | 'rules_version'
  | 'search_text'
>;
