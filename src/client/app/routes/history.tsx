import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { SessionSummary } from '#shared/schemas/sessions.ts';
import { PageHeader } from '#client/components/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useSessionsInfinite } from '#client/features/sessions/api/get-sessions.ts';
import {
  focusFilters,
  HistoryFilters,
} from '#client/features/sessions/components/history-filters.tsx';
import { ScreenshotDialog } from '#client/features/sessions/components/screenshot-dialog.tsx';
import { useSessionDialogs } from '#client/features/sessions/components/session-dialogs.tsx';
import { SessionsHistoryCard } from '#client/features/sessions/components/sessions-history-card.tsx';
import { useHistoryFilters } from '#client/features/sessions/hooks/use-history-filters.ts';
import { useSelection } from '#client/features/sessions/hooks/use-selection.ts';
import {
  useSessionDelete,
  useSessionsDelete,
} from '#client/features/sessions/hooks/use-session-deletes.ts';
import { usePageTitle } from '../use-page-title.ts';

/** A dialog's state; closing keeps the subject so that the dialog does not change as it fades. */
type DialogState<T> = { open: boolean; subject: T };

export function HistoryRoute() {
  usePageTitle('Session History');
  const sessionDialogs = useSessionDialogs();
  const history = useHistoryFilters();
  const sessionsQuery = useSessionsInfinite(history.query);
  const sessions = sessionsQuery.data?.pages.flatMap((page) => page.sessions) ?? [];
  const selection = useSelection(
    sessions.map((session) => session.id),
    history.key,
  );

  const [screenshot, setScreenshot] = useState<DialogState<SessionSummary | null>>({
    open: false,
    subject: null,
  });
  const removal = useSessionDelete();
  const bulkRemoval = useSessionsDelete({ onDeleted: selection.untick });

  const selectedCount = selection.selectedIds.length;
  const isEmptyResult = sessionsQuery.data !== undefined && sessions.length === 0;
  const clearFilters = () => {
    history.clearFilters();
    focusFilters();
  };

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Session History"
        description="Review your past trading sessions"
        actions={
          <>
            <Button onClick={sessionDialogs.openNew}>
              <Plus aria-hidden="true" />
              New Session
            </Button>
            {selectedCount > 0 ? (
              <Button
                variant="destructive"
                disabled={bulkRemoval.isDeleting}
                onClick={() => bulkRemoval.deleteSessions(selection.selectedIds)}
              >
                <Trash2 aria-hidden="true" />
                {`Delete Selected (${selectedCount})`}
              </Button>
            ) : null}
          </>
        }
      />
      <SessionsHistoryCard
        filters={
          <HistoryFilters
            filters={history.filters}
            onChange={history.changeFilters}
            onClear={clearFilters}
            canClear={history.hasFilters && !isEmptyResult}
          />
        }
        sessionsQuery={sessionsQuery}
        sessions={sessions}
        hasFilters={history.hasFilters}
        selection={selection}
        onNew={sessionDialogs.openNew}
        onClearFilters={clearFilters}
        onView={(session) => setScreenshot({ open: true, subject: session })}
        onDelete={(session) => removal.deleteSession(session.id)}
        isDeleting={removal.isDeleting || bulkRemoval.isDeleting}
      />
      <ScreenshotDialog
        open={screenshot.open}
        onOpenChange={(open) => setScreenshot((state) => ({ ...state, open }))}
        session={screenshot.subject}
      />
      {sessionDialogs.dialogs}
    </div>
  );
}
