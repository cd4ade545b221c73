import { toastError } from '#client/components/error-toast.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { useDeleteSession } from '../api/delete-session.ts';
import { SessionsPartlyDeleted, useDeleteSessions } from '../api/delete-sessions.ts';

/*
 * Deleting sessions asks through the browser's own confirmation, in the product's words, as the
 * product does (docs/decisions/0066-session-deletes-ask-the-browser.md). The browser's question
 * is modal and keyboard-ready, and gives focus back to the button that asked; while the answer
 * to a delete is awaited its button is disabled, as every button that submits.
 */

export const DELETE_SESSION_QUESTION =
  'Are you sure you want to delete this session? This action cannot be undone.';

/** The product's words for any number of sessions, one included. */
export function deleteSessionsQuestion(count: number) {
  return `Are you sure you want to delete ${count} selected sessions? This action cannot be undone.`;
}

/*
 * The page stays usable while a delete is awaited (the browser's question is answered at once),
 * so the trader may go elsewhere, or start typing, before it ends. What the page that asked
 * does after a delete (`onDeleted`) is therefore passed with each call, which TanStack Query
 * runs only while that page is still shown: a trader who has moved on is not taken back, nor
 * made to lose an open form. The toast says how it went wherever the trader is.
 */

/** One session: the history's row buttons, the details page's Delete. */
export function useSessionDelete({ onDeleted }: { onDeleted?: () => void } = {}) {
  const mutation = useDeleteSession({
    onSuccess: () => toast({ title: 'Success', description: 'Session deleted successfully' }),
    // A session deleted elsewhere meanwhile answers 404, and the list is refreshed.
    onError: (error) => toastError(error, { fallback: 'Failed to delete session' }),
  });
  return {
    /** Asks, then deletes; nothing when the trader declines or a delete is under way. */
    deleteSession(id: number) {
      if (mutation.isPending || !window.confirm(DELETE_SESSION_QUESTION)) return;
      mutation.mutate(id, { onSuccess: () => onDeleted?.() });
    },
    isDeleting: mutation.isPending,
    /** Deleted from here: the page that asked is on its way elsewhere. */
    isDeleted: mutation.isSuccess,
  };
}

/** 'Delete Selected': the ticked sessions in one request per 200, so they go together. */
export function useSessionsDelete({ onDeleted }: { onDeleted: (ids: readonly number[]) => void }) {
  const mutation = useDeleteSessions({
    // The server's count: sessions already deleted elsewhere are not counted.
    onSuccess: (deleted) =>
      toast({ title: 'Success', description: `${deleted} sessions deleted successfully` }),
    onError: (error) => {
      // Some went, others did not: say both, not only the last request's failure.
      if (error instanceof SessionsPartlyDeleted) {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: `Failed to delete some sessions: ${error.deleted} deleted, the others not. Please try again.`,
        });
      } else toastError(error, { fallback: 'Failed to delete some sessions' });
    },
  });
  return {
    /** Asks, then deletes `ids` (the ticked sessions as the trader confirms them). */
    deleteSessions(ids: readonly number[]) {
      if (ids.length === 0 || mutation.isPending) return;
      if (!window.confirm(deleteSessionsQuestion(ids.length))) return;
      const sent = [...ids];
      mutation.mutate({ ids: sent }, { onSuccess: () => onDeleted(sent) });
    },
    isDeleting: mutation.isPending,
  };
}
