import type { AdminUser } from '#shared/schemas/admin.ts';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { toastError } from '#client/components/error-toast.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { isHttpError } from '#client/lib/api-client.ts';
import { useSetUserRole } from '../api/set-user-role.ts';

type ChangeRoleDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: AdminUser | null;
};

/** Asks before administrator rights are given or taken away: they open every account. */
export function ChangeRoleDialog({ open, onOpenChange, user }: ChangeRoleDialogProps) {
  const isGranting = !user?.isAdmin;
  const setRole = useSetUserRole({
    onSuccess: (changed) => {
      onOpenChange(false);
      toast({
        title: 'Success',
        description: changed.isAdmin
          ? `${changed.username} is now an administrator`
          : `${changed.username} is no longer an administrator`,
      });
    },
    onError: (error) => {
      if (isHttpError(error, 403, 404, 409)) onOpenChange(false);
      toastError(error, { fallback: 'Failed to change the role' });
    },
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={isGranting ? 'Make administrator?' : 'Remove administrator rights?'}
      description={
        isGranting
          ? `"${user?.username ?? ''}" will be able to create and delete users, other administrators included.`
          : `"${user?.username ?? ''}" will no longer be able to manage users.`
      }
      confirmLabel={isGranting ? 'Make administrator' : 'Remove rights'}
      pendingLabel="Saving..."
      destructive={!isGranting}
      isPending={setRole.isPending}
      onConfirm={() => {
        if (user) setRole.mutate({ id: user.id, isAdmin: isGranting });
      }}
    />
  );
}
