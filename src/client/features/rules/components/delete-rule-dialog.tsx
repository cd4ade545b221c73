import type { Rule } from '#shared/schemas/rules.ts';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { toastError } from '#client/components/error-toast.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { isHttpError } from '#client/lib/api-client.ts';
import { useDeleteRule } from '../api/delete-rule.ts';

type DeleteRuleDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  rule: Rule | null;
};

/** Asks before a rule is deleted; sessions already recorded keep their copy of it. */
export function DeleteRuleDialog({ open, onOpenChange, rule }: DeleteRuleDialogProps) {
  const deleteRule = useDeleteRule({
    onSuccess: () => {
      onOpenChange(false);
      toast({ title: 'Success', description: 'Trading rule has been deleted' });
    },
    onError: (error) => {
      // Deleted elsewhere meanwhile: there is nothing left to confirm, and the list is refreshed.
      if (isHttpError(error, 404)) onOpenChange(false);
      toastError(error, { fallback: 'Failed to delete trading rule' });
    },
  });

  const confirm = () => {
    if (!rule) {
      toast({ variant: 'destructive', title: 'Error', description: 'No rule to delete' });
      return;
    }
    deleteRule.mutate(rule.id);
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Are you sure?"
      description={`This action cannot be undone. This will permanently delete the trading rule "${rule?.description ?? ''}".`}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      destructive
      isPending={deleteRule.isPending}
      onConfirm={confirm}
    />
  );
}
