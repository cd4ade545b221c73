import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { deleteAccountSchema, type DeleteAccountInput } from '#shared/schemas/admin.ts';
import { reportFormError } from '#client/components/error-toast.ts';
import { FormDialog, useFormDialog } from '#client/components/form-dialog.tsx';
import { TitledCard } from '#client/components/titled-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { DialogClose, DialogFooter } from '#client/components/ui/dialog.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { paths } from '#client/lib/paths.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

const WHAT_GOES =
  'Your trading rules, sessions, screenshots, profile picture and logins are deleted for good. This cannot be undone.';

/** 'Danger Zone': deleting one's own account, with the password typed again. */
export function DeleteAccountCard() {
  const [isOpen, setOpen] = useState(false);
  return (
    <TitledCard title="Danger Zone" className="border-destructive/50">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-muted-foreground text-sm">
          Delete your account and everything in it. {WHAT_GOES}
        </p>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </div>
      <FormDialog
        open={isOpen}
        onOpenChange={setOpen}
        title="Delete your account?"
        description={`${WHAT_GOES} Type your password to confirm.`}
      >
        <DeleteAccountForm />
      </FormDialog>
    </TitledCard>
  );
}

const fields = ['password'] as const;

function DeleteAccountForm() {
  const [, navigate] = useLocation();
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = form;

  const deleteAccount = useDeleteAccount({
    onSuccess: () => {
      close();
      toast({
        title: 'Account Deleted',
        description: 'Your account and all its data have been deleted.',
      });
      navigate(paths.login, { replace: true });
    },
    onError: (error) =>
      reportFormError(error, { form, fields, fallback: 'Failed to delete your account' }),
  });
  const { close } = useFormDialog({ isDirty, isSaving: deleteAccount.isPending });

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={handleSubmit((values) => deleteAccount.mutate(values))}
    >
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={deleteAccount.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={deleteAccount.isPending}>
          {deleteAccount.isPending ? 'Deleting...' : 'Delete my account'}
        </Button>
      </DialogFooter>
    </form>
  );
}
