import type { User } from '#shared/schemas/auth.ts';

/**
 * Privacy mode: a trader who hides money amounts gets R only, from every route that answers a
 * result; the amounts stay stored (and in their own export) for when they show them again.
 */
export function hideMoneyFrom<T extends { resultMoney: number | null }>(viewer: User, item: T): T {
  return viewer.preferences.results.hideMoney ? { ...item, resultMoney: null } : item;
}
