import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { toastError } from '#client/components/error-toast.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { useDeleteSessions } from '../api/delete-sessions.ts';

type DeleteSessionsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The ticked sessions as they were when the dialog opened: what the trader confirms. */
  sessionIds: readonly number[];
  onDeleted: () => void;
};

function countSessions(count: number) {
  return `${count} ${count === 1 ? 'session' : 'sessions'}`;
}

/** 'Delete Selected': the ticked sessions in one request (per 200), so they go together. */
export function DeleteSessionsDialog({
  open,
  onOpenChange,
  sessionIds,
  onDeleted,
}: DeleteSessionsDialogProps) {
  const deleteSessions = useDeleteSessions({
    onSuccess: (deleted) => {
      onOpenChange(false);
      onDeleted();
      // The server's count: sessions already deleted elsewhere are not counted.
      toast({ title: 'Success', description: `${countSessions(deleted)} deleted successfully` });
    },
    onError: (error) => toastError(error, { fallback: 'Failed to delete some sessions' }),
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete the selected sessions?"
      description={`Are you sure you want to delete ${sessionIds.length} selected ${sessionIds.length === 1 ? 'session' : 'sessions'}? This action cannot be undone.`}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      destructive
      isPending={deleteSessions.isPending}
      onConfirm={() => {
        if (sessionIds.length > 0) deleteSessions.mutate({ ids: [...sessionIds] });
      }}
    />
  );
}
