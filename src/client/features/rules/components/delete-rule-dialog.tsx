import type { Rule } from '#shared/schemas/rules.ts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { getErrorMessage } from '#client/lib/api-client.ts';
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
      toast({
        variant: 'destructive',
        title: 'Error',
        description: getErrorMessage(error, 'Failed to delete trading rule'),
      });
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
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!deleteRule.isPending) onOpenChange(next);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Are you sure?</AlertDialogTitle>
          <AlertDialogDescription>
            {`This action cannot be undone. This will permanently delete the trading rule "${rule?.description ?? ''}".`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteRule.isPending}>Cancel</AlertDialogCancel>
          {/* A plain button, not AlertDialogAction: the dialog stays open until the server answers. */}
          <Button variant="destructive" disabled={deleteRule.isPending} onClick={confirm}>
            {deleteRule.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
