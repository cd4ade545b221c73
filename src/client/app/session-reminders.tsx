import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { User } from '#shared/schemas/auth.ts';
import type { Rule } from '#shared/schemas/rules.ts';
import { authSessionQueryOptions } from '#client/features/auth/api/get-auth-session.ts';
import type { PlannedReminder } from '#client/features/reminders/next-reminder.ts';
import { useSessionReminders } from '#client/features/reminders/hooks/use-session-reminders.ts';
import { rulesQueryOptions, useRules } from '#client/features/rules/api/get-rules.ts';
import { rulesWithNotes } from '#client/features/rules/reminder-notes.ts';
import { useSessionTypes } from '#client/features/sessions/api/get-session-types.ts';

/**
 * Browser reminders before the trader's market sessions, with a rule note; renders nothing.
 * Mounted once by the logged-in layout, and only when there is something to remind of, so a
 * trader without reminders loads no rules or session types for it.
 */
export function SessionReminders({ user }: { user: User }) {
  const { notifications, reminders } = user.preferences;
  if (!notifications.tradingSessions || reminders.sessionTypeIds.length === 0) return null;
  return <ReminderScheduler userId={user.id} reminders={reminders} />;
}

/**
 * Whether the login is still this trader's, and still wants this reminder, as the server says
 * now: the reminder carries their rule notes, and a tab in the background asked nothing since
 * another tab logged out (the next person at the computer must not get them) or in as someone
 * else, or the trader changed their choice on another device. The answer also updates the
 * login this tab shows (the query client follows another tab's login). Unreachable, the login
 * as last known stands.
 */
async function isLoginStillReminded(
  read: () => Promise<{ user: User | null }>,
  userId: number,
  reminder: PlannedReminder,
): Promise<boolean> {
  let user: User | null;
  try {
    ({ user } = await read());
  } catch {
    return true;
  }
  if (user?.id !== userId || !user.preferences.notifications.tradingSessions) return false;
  const chosen = new Set(user.preferences.reminders.sessionTypeIds);
  return reminder.sessionTypes.some((type) => chosen.has(type.id));
}

/**
 * The login as the server says it now. A question already on its way (the window's focus) may
 * have been asked before another tab logged out, and its answer would show the reminder: it is
 * cancelled and asked again, not waited for (`fetchQuery` waited for it). Unreachable, the
 * login as last known (the query keeps its data when a refetch fails).
 */
async function askLoginAfresh(queryClient: QueryClient): Promise<{ user: User | null }> {
  const { queryKey } = authSessionQueryOptions;
  await queryClient.refetchQueries({ queryKey, exact: true }, { cancelRefetch: true });
  return queryClient.getQueryData(queryKey) ?? { user: null };
}

/**
 * The rules as the server says now: a tab in the background kept the list it read last, and
 * the trader may have changed or deleted a note since on another device. Unreachable, the list
 * as last read; none read (or the login gone meanwhile, which drops it), null: a reminder
 * saying to add notes to a trader who has them would not be true.
 */
async function readRulesAfresh(queryClient: QueryClient): Promise<readonly Rule[] | null> {
  try {
    return await queryClient.fetchQuery({ ...rulesQueryOptions, staleTime: 0 });
  } catch {
    return queryClient.getQueryData(rulesQueryOptions.queryKey) ?? null;
  }
}

function ReminderScheduler({
  userId,
  reminders,
}: {
  userId: number;
  reminders: User['preferences']['reminders'];
}) {
  const queryClient = useQueryClient();
  const { data: sessionTypes } = useSessionTypes();
  // Read with the page, so that a reminder has notes to take from when the server cannot be
  // reached as it is due.
  useRules();
  const notesIfWanted = useCallback(
    async (reminder: PlannedReminder) => {
      const isWanted = await isLoginStillReminded(
        () => askLoginAfresh(queryClient),
        userId,
        reminder,
      );
      if (!isWanted) return null;
      const rules = await readRulesAfresh(queryClient);
      // Still this login once the rules have come: a logout meanwhile ends the reminder.
      const login = queryClient.getQueryData(authSessionQueryOptions.queryKey);
      return rules && login?.user?.id === userId ? rulesWithNotes(rules) : null;
    },
    [queryClient, userId],
  );
  useSessionReminders({ ...reminders, sessionTypes, notesIfWanted });
  return null;
}
