import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { toastError } from '#client/components/error-toast.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { isHttpError } from '#client/lib/api-client.ts';
import { useDeleteSession } from '../api/delete-session.ts';

type DeleteSessionDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The session to delete; kept while the dialog fades out. */
  sessionId: number | null;
  /** After the session is gone (the details page then returns to the history). */
  onDeleted?: () => void;
};

/** Asks before one session, its checklist and its screenshot are deleted. */
export function DeleteSessionDialog({
  open,
  onOpenChange,
  sessionId,
  onDeleted,
}: DeleteSessionDialogProps) {
  const deleteSession = useDeleteSession({
    onSuccess: () => {
      onOpenChange(false);
      toast({ title: 'Success', description: 'Session deleted successfully' });
      onDeleted?.();
    },
    onError: (error) => {
      // Deleted elsewhere meanwhile: there is nothing left to confirm, and the list is refreshed.
      if (isHttpError(error, 404)) onOpenChange(false);
      toastError(error, { fallback: 'Failed to delete session' });
    },
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this session?"
      description="Are you sure you want to delete this session? This action cannot be undone."
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      destructive
      isPending={deleteSession.isPending}
      onConfirm={() => {
        if (sessionId !== null) deleteSession.mutate(sessionId);
      }}
    />
  );
}
