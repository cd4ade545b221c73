import { useMemo } from 'react';
import type { User } from '#shared/schemas/auth.ts';
import { useSessionReminders } from '#client/features/reminders/hooks/use-session-reminders.ts';
import { useRules } from '#client/features/rules/api/get-rules.ts';
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
  return <ReminderScheduler reminders={reminders} />;
}

function ReminderScheduler({ reminders }: { reminders: User['preferences']['reminders'] }) {
  const { data: sessionTypes } = useSessionTypes();
  const { data: rules } = useRules();
  const notes = useMemo(() => rulesWithNotes(rules ?? []), [rules]);
  useSessionReminders({ ...reminders, sessionTypes, notes });
  return null;
}
