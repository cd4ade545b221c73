import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { Link, useLocation, useParams } from 'wouter';
import { sessionIdParamsSchema } from '#shared/schemas/sessions.ts';
import { PageHeader } from '#client/components/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useSession } from '#client/features/sessions/api/get-session.ts';
import { ComplianceSummaryCard } from '#client/features/sessions/components/compliance-summary-card.tsx';
import { SessionChecklistCard } from '#client/features/sessions/components/session-checklist-card.tsx';
import { SessionDetailsSkeleton } from '#client/features/sessions/components/session-details-skeleton.tsx';
import { useSessionDialogs } from '#client/features/sessions/components/session-dialogs.tsx';
import { SessionInformationCard } from '#client/features/sessions/components/session-information-card.tsx';
import { SessionNotFound } from '#client/features/sessions/components/session-not-found.tsx';
import { SessionNotesCard } from '#client/features/sessions/components/session-notes-card.tsx';
import { SessionScreenshotCard } from '#client/features/sessions/components/session-screenshot-card.tsx';
import { useSessionDelete } from '#client/features/sessions/hooks/use-session-deletes.ts';
import { paths } from '#client/lib/paths.ts';
import { usePageTitle } from '../use-page-title.ts';

/** The id in the path, when it can name a session at all: the API refuses anything else. */
function parseSessionId(value: string | undefined): number | null {
  const result = sessionIdParamsSchema.shape.id.safeParse(value);
  return result.success ? result.data : null;
}

export function SessionDetailsRoute() {
  usePageTitle('Session Details');
  const id = parseSessionId(useParams<{ id: string }>().id);
  return id === null ? <SessionNotFound /> : <SessionDetails id={id} />;
}

function SessionDetails({ id }: { id: number }) {
  const [, navigate] = useLocation();
  const { data: session, isPending } = useSession(id);
  const sessionDialogs = useSessionDialogs();
  const removal = useSessionDelete({ onDeleted: () => navigate(paths.history) });

  // A failed refresh keeps the session on screen (TanStack keeps the data); only a session
  // that never loaded is "not found". This also keeps the page steady while a delete from here
  // refreshes it into a 404 just before the page moves to the history.
  if (!session) return isPending ? <SessionDetailsSkeleton /> : <SessionNotFound />;

  return (
    <div className="grid gap-6">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link href={paths.history}>
            <ArrowLeft aria-hidden="true" />
            Back to History
          </Link>
        </Button>
      </div>
      <PageHeader
        title="Session Details"
        actions={
          <>
            <Button variant="outline" onClick={() => sessionDialogs.openEdit(session)}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <Button
              variant="destructive"
              disabled={removal.isDeleting}
              onClick={() => removal.deleteSession(session.id)}
            >
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
      {sessionDialogs.dialogs}
    </div>
  );
}
