import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { NEW_PASSWORD_HINT } from '#shared/constants.ts';
import {
  createUserSchema,
  type CreateUserData,
  type CreateUserInput,
} from '#shared/schemas/admin.ts';
import { reportFormError } from '#client/components/error-toast.ts';
import { FormDialog, useFormDialog } from '#client/components/form-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { DialogClose, DialogFooter } from '#client/components/ui/dialog.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useCreateUser } from '../api/create-user.ts';

type CreateUserDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** 'Create New User': an account made by an administrator, checked as a signup is. */
export function CreateUserDialog({ open, onOpenChange }: CreateUserDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create New User"
      description="Create a new user account for the trading platform"
    >
      {/* Mounted each time the dialog opens: a created user leaves an empty form behind. */}
      <CreateUserForm />
    </FormDialog>
  );
}

/** In the order they are shown: a server refusal focuses the first field it names. */
const fields = ['username', 'password', 'fullName', 'email', 'companyName'] as const;

function CreateUserForm() {
  const switchId = useId();
  const form = useForm<CreateUserInput, unknown, CreateUserData>({
    resolver: zodResolver(createUserSchema),
    defaultValues: {
      username: '',
      password: '',
      fullName: '',
      email: '',
      companyName: '',
      isAdmin: false,
    },
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isDirty },
  } = form;

  const createUser = useCreateUser({
    onSuccess: () => {
      close();
      toast({ title: 'Success', description: 'User created successfully' });
    },
    onError: (error) => reportFormError(error, { form, fields, fallback: 'Failed to create user' }),
  });
  const { close } = useFormDialog({ isDirty, isSaving: createUser.isPending });

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={handleSubmit((values) => createUser.mutate(values))}
    >
      <FormField label="Username" error={errors.username?.message}>
        <Input
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...register('username')}
        />
      </FormField>
      <FormField label="Password" hint={NEW_PASSWORD_HINT} error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </FormField>
      <FormField label="Full Name" error={errors.fullName?.message}>
        <Input autoComplete="off" {...register('fullName')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="off" inputMode="email" {...register('email')} />
      </FormField>
      <FormField label="Trading Company (Optional)" error={errors.companyName?.message}>
        <Input autoComplete="off" {...register('companyName')} />
      </FormField>
      <div className="flex items-center justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor={switchId}>Administrator</Label>
          <p id={`${switchId}-hint`} className="text-muted-foreground text-sm">
            Can manage user accounts, including other administrators
          </p>
        </div>
        <Controller
          control={control}
          name="isAdmin"
          render={({ field }) => (
            <Switch
              id={switchId}
              aria-describedby={`${switchId}-hint`}
              checked={field.value ?? false}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={createUser.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={createUser.isPending}>
          {createUser.isPending ? 'Creating...' : 'Create User'}
        </Button>
      </DialogFooter>
    </form>
  );
}
