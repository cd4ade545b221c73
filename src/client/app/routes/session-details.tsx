import { Pencil, Trash2 } from 'lucide-react';
import { useLocation, useParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import type { ReactNode } from 'react';
import { sessionIdParamsSchema, type Session } from '#shared/schemas/sessions.ts';
import { PageHeader } from '#client/components/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useSession } from '#client/features/sessions/api/get-session.ts';
import { BackToHistory } from '#client/features/sessions/components/back-to-history.tsx';
import { ComplianceSummaryCard } from '#client/features/sessions/components/compliance-summary-card.tsx';
import { SessionChecklistCard } from '#client/features/sessions/components/session-checklist-card.tsx';
import { SessionDetailsSkeleton } from '#client/features/sessions/components/session-details-skeleton.tsx';
import { useSessionDialogs } from '#client/features/sessions/components/session-dialogs.tsx';
import { SessionInformationCard } from '#client/features/sessions/components/session-information-card.tsx';
import {
  SessionNotFound,
  SessionNotLoaded,
} from '#client/features/sessions/components/session-not-found.tsx';
import { SessionNotesCard } from '#client/features/sessions/components/session-notes-card.tsx';
import { SessionScreenshotCard } from '#client/features/sessions/components/session-screenshot-card.tsx';
import { useSessionDelete } from '#client/features/sessions/hooks/use-session-deletes.ts';
import { isHttpError } from '#client/lib/api-client.ts';
import { getHistoryHref } from '#client/lib/paths.ts';
import { usePageTitle } from '../use-page-title.ts';

/** The id in the path, when it can name a session at all: the API refuses anything else. */
function parseSessionId(value: string | undefined): number | null {
  const result = sessionIdParamsSchema.shape.id.safeParse(value);
  return result.success ? result.data : null;
}

export function SessionDetailsRoute() {
  usePageTitle('Session Details');
  const id = parseSessionId(useParams<{ id: string }>().id);
  // The history as the trader left it, when they came from it: its filters stay.
  const historyHref = getHistoryHref(useHistoryState());
  return id === null ? (
    <SessionNotFound historyHref={historyHref} />
  ) : (
    <SessionDetails id={id} historyHref={historyHref} />
  );
}

function SessionDetails({ id, historyHref }: { id: number; historyHref: string }) {
  const [, navigate] = useLocation();
  const query = useSession(id);
  const { data: session, isPending, error } = query;
  const sessionDialogs = useSessionDialogs();
  // In place of the deleted session's page: Back does not return to 'Session Not Found'.
  const removal = useSessionDelete({
    onDeleted: () => navigate(historyHref, { replace: true }),
  });

  // A refresh that failed for want of a connection keeps the session on screen (TanStack keeps
  // the data); one that answered 404 says it is gone (deleted in another tab or device), but
  // not while this page's own delete refreshes it into a 404 just before moving to the
  // history. An edit dialog open over it stays, with what was typed: it keeps its place in
  // the tree whatever the page shows.
  const isGone = isHttpError(error, 404) && !removal.isDeleting && !removal.isDeleted;
  let page: ReactNode;
  if (session && !isGone) {
    page = (
      <SessionPage
        session={session}
        historyHref={historyHref}
        onEdit={() => sessionDialogs.openEdit(session)}
        onDelete={() => removal.deleteSession(session.id)}
        isDeleting={removal.isDeleting}
      />
    );
  } else if (isPending) {
    page = <SessionDetailsSkeleton />;
  } else if (isHttpError(error, 404)) {
    page = <SessionNotFound historyHref={historyHref} />;
  } else {
    // Not answered, or answered otherwise than 404: the session may exist.
    page = <SessionNotLoaded historyHref={historyHref} retry={query} />;
  }
  return (
    <>
      {page}
      {sessionDialogs.dialogs}
    </>
  );
}

function SessionPage({
  session,
  historyHref,
  onEdit,
  onDelete,
  isDeleting,
}: {
  session: Session;
  historyHref: string;
  onEdit: () => void;
  onDelete: () => void;
  isDeleting: boolean;
}) {
  return (
    <div className="grid gap-6">
      <div>
        <BackToHistory historyHref={historyHref} quiet />
      </div>
      <PageHeader
        title="Session Details"
        actions={
          <>
            {/* Not while the session is being deleted: the page then leaves, and an edit begun
                meanwhile would go with it unasked. */}
            <Button variant="outline" disabled={isDeleting} onClick={onEdit}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <Button variant="destructive" disabled={isDeleting} onClick={onDelete}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </>
        }
      />
      <div className="grid gap-6 md:grid-cols-2">
        <SessionInformationCard session={session} />
        <ComplianceSummaryCard session={session} />
      </div>
      <SessionChecklistCard items={session.rulesFollowed} />
      {session.notes ? (
        <>
          <SessionNotesCard notes={session.notes} />
          <SessionNotesCard notes={session.notes} title="Notes" />
        </>
      ) : null}
      <SessionScreenshotCard session={session} />
    </div>
  );
}
