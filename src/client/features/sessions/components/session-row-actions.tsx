import { ChevronRight, ImageIcon, Trash2 } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import type { SessionSummary } from '#shared/schemas/sessions.ts';
import { Button } from '#client/components/ui/button.tsx';
import { formatSessionDate } from '#client/lib/dates.ts';
import { getSessionDetailsHref, type FromHistoryState } from '#client/lib/paths.ts';

/*
 * The controls of one session in the history, shared by the table (wide screens) and the list
 * of cards (phones). Each is named after its session, so that a screen reader user moving from
 * control to control knows which row it acts on.
 */

type SessionProps = { session: SessionSummary };

/**
 * A session as its row's controls name it: its name and its date, so that two sessions of one
 * name ('Morning Session' every day) are told apart by ear as they are by eye.
 */
export function nameOfRow(session: Pick<SessionSummary, 'name' | 'date'>): string {
  return `${session.name} on ${formatSessionDate(session.date)}`;
}

export function ViewScreenshotButton({
  session,
  onView,
}: SessionProps & { onView: (session: SessionSummary) => void }) {
  if (!session.screenshotPath) {
    return <span className="text-muted-foreground text-sm">No screenshot</span>;
  }
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`View screenshot of ${nameOfRow(session)}`}
      onClick={() => onView(session)}
    >
      <ImageIcon aria-hidden="true" />
      View
    </Button>
  );
}

export function SessionDetailsLink({ session }: SessionProps) {
  const state: FromHistoryState = { historySearch: useSearch() };
  return (
    <Button asChild variant="ghost" size="sm">
      <Link
        href={getSessionDetailsHref(session.id)}
        state={state}
        aria-label={`Details of ${nameOfRow(session)}`}
      >
        Details
        <ChevronRight aria-hidden="true" />
      </Link>
    </Button>
  );
}

export function DeleteSessionButton({
  session,
  onDelete,
  disabled,
}: SessionProps & { onDelete: (session: SessionSummary) => void; disabled: boolean }) {
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      // Muted among a row's words, red under the pointer: the colour is the icon's, since the
      // ghost button's own hover colour is the accent's.
      className="group/delete"
      aria-label={`Delete session: ${nameOfRow(session)}`}
      disabled={disabled}
      onClick={() => onDelete(session)}
    >
      <Trash2
        aria-hidden="true"
        className="text-muted-foreground group-hover/delete:text-destructive"
      />
    </Button>
  );
}
