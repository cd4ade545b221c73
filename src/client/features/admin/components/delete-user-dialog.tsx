import type { AdminUser } from '#shared/schemas/admin.ts';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { toastError } from '#client/components/error-toast.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { isHttpError } from '#client/lib/api-client.ts';
import { useDeleteUser } from '../api/delete-user.ts';

type DeleteUserDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: AdminUser | null;
};

/** Asks before an account and everything in it is deleted. */
export function DeleteUserDialog({ open, onOpenChange, user }: DeleteUserDialogProps) {
  const deleteUser = useDeleteUser({
    onSuccess: () => {
      onOpenChange(false);
      toast({ title: 'Success', description: 'User deleted successfully' });
    },
    onError: (error) => {
      // Deleted elsewhere meanwhile, or refused for good: nothing is left to confirm.
      if (isHttpError(error, 403, 404, 409)) onOpenChange(false);
      toastError(error, { fallback: 'Failed to delete user' });
    },
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete user?"
      description={`Are you sure you want to delete user "${user?.username ?? ''}"? This action cannot be undone.`}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      destructive
      isPending={deleteUser.isPending}
      onConfirm={() => {
        if (user) deleteUser.mutate(user.id);
      }}
    />
  );
}
