import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { NEW_PASSWORD_HINT } from '#shared/constants.ts';
import { z } from '#shared/zod.ts';
import { changePasswordSchema } from '#shared/schemas/security.ts';
import { reportFormError } from '#client/components/error-toast.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useUnsavedChanges } from '#client/lib/unsaved-changes.ts';
import { useIsShown } from '#client/lib/use-is-shown.ts';
import { useChangePassword } from '../api/change-password.ts';

const { currentPassword, newPassword } = changePasswordSchema.shape;

/** The server's checks, plus the confirmation that only a person typing needs. */
const passwordFormSchema = z
  .object({ currentPassword, newPassword, confirmNewPassword: z.string() })
  .check(
    z.refine((values) => values.newPassword !== values.currentPassword, {
      path: ['newPassword'],
      message: 'New password must be different from the current one',
    }),
    z.refine((values) => values.confirmNewPassword === values.newPassword, {
      path: ['confirmNewPassword'],
      message: 'Passwords do not match',
    }),
  );
type PasswordFormValues = z.infer<typeof passwordFormSchema>;

/** In the order they are shown: a server refusal focuses the first field it names. */
const fields = ['currentPassword', 'newPassword'] as const;

const EMPTY: PasswordFormValues = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

/**
 * 'Change Password'. The autocomplete hints let a password manager fill the current password
 * and offer to save the new one; the form is emptied after a change, never kept.
 */
export function ChangePasswordForm({ titleId }: { titleId: string }) {
  const form = useForm<PasswordFormValues>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: EMPTY,
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = form;
  const isShown = useIsShown();
  const change = useChangePassword({
    onSuccess: ({ ended }) => {
      reset(EMPTY);
      toast({
        title: 'Password Changed',
        description:
          ended > 0 ? 'Your other logins have been ended.' : 'Your password has been changed.',
      });
    },
    onError: (error) =>
      reportFormError(error, {
        form,
        // Left before the answer came: the fields are gone, so the refusal is a toast.
        fields: isShown.current ? fields : [],
        title: 'Error',
        fallback: 'Failed to change your password. Please try again.',
      }),
  });
  // Emptied after a change (`reset`), so dirty means typed and not yet used; a change on its
  // way is not unsaved: it ends whether the page stays or not (docs/decisions/0065).
  useUnsavedChanges(isDirty && !change.isPending);

  return (
    <form
      noValidate
      aria-labelledby={titleId}
      className="grid gap-5"
      onSubmit={handleSubmit(({ currentPassword, newPassword }) =>
        change.mutate({ currentPassword, newPassword }),
      )}
    >
      <h3 id={titleId} className="text-base font-semibold">
        Change Password
      </h3>
      <FormField label="Current Password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
      </FormField>
      <div className="grid items-start gap-5 md:grid-cols-2">
        <FormField
          label="New Password"
          hint={NEW_PASSWORD_HINT}
          error={errors.newPassword?.message}
        >
          <Input type="password" autoComplete="new-password" {...register('newPassword')} />
        </FormField>
        <FormField label="Confirm New Password" error={errors.confirmNewPassword?.message}>
          <Input type="password" autoComplete="new-password" {...register('confirmNewPassword')} />
        </FormField>
      </div>
      <div>
        <Button type="submit" className="w-full sm:w-auto" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change Password'}
        </Button>
      </div>
    </form>
  );
}
