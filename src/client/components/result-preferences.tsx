import { createContext, use, type ReactNode } from 'react';
import type { User } from '#shared/schemas/auth.ts';
import { DEFAULT_CURRENCY } from '#shared/constants.ts';

export type ResultPreferences = User['preferences']['results'];

const ResultPreferencesContext = createContext<ResultPreferences>({
  currency: DEFAULT_CURRENCY,
  hideMoney: false,
});

/** Given by the authenticated layout from the logged-in user, for every screen with results. */
export function ResultPreferencesProvider({
  value,
  children,
}: {
  value: ResultPreferences;
  children: ReactNode;
}) {
  return <ResultPreferencesContext value={value}>{children}</ResultPreferencesContext>;
}

/** The trader's currency, and whether money amounts are hidden (privacy mode: R only). */
export function useResultPreferences(): ResultPreferences {
  return use(ResultPreferencesContext);
}
