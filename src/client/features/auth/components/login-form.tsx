import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from '#shared/zod.ts';
import { loginSchema, type LoginInput } from '#shared/schemas/auth.ts';
import { reportFormError } from '#client/components/error-toast.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import {
  clearRememberedUsername,
  getRememberedUsername,
  setRememberedUsername,
} from '#client/lib/remembered-username.ts';
import { useLogin } from '../api/login.ts';

type LoginValues = z.output<typeof loginSchema>;

const fields = ['username', 'password'] as const;

type LoginFormProps = {
  /** An account just created: its username is filled in and the password is asked for. */
  newUsername?: string | undefined;
  onSuccess: () => void;
};

export function LoginForm({ newUsername, onSuccess }: LoginFormProps) {
  const [rememberedUsername] = useState(getRememberedUsername);
  const form = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: {
      username: newUsername ?? rememberedUsername ?? '',
      password: '',
      rememberMe: rememberedUsername !== null,
    },
  });
  const {
    register,
    control,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = form;
  // Focus to the password after a signup, from an effect: the browser's own `autofocus` comes
  // as it next draws, and lost to the signup button's hand-over of focus as it went with its
  // page (to the main content, docs/decisions/0074-focus-after-a-row-goes.md) now and then.
  useEffect(() => {
    if (newUsername !== undefined) setFocus('password');
  }, [newUsername, setFocus]);

  const login = useLogin({
    onSuccess: (user, input) => {
      // Only the username is ever kept in the browser, never the password: the account's own,
      // not as typed (a login ignores case), so that deleting the account forgets it.
      if (input.rememberMe) setRememberedUsername(user.username);
      else clearRememberedUsername();
      toast({ title: 'Login Successful', description: 'Welcome back!' });
      onSuccess();
    },
    onError: (error) =>
      reportFormError(error, { form, fields, title: 'Login Failed', fallback: 'Login failed' }),
  });

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={handleSubmit((values) => login.mutate(values))}
    >
      <FormField label="Username" error={errors.username?.message}>
        <Input
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...register('username')}
        />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </FormField>
      <div className="flex items-center gap-2">
        <Controller
          control={control}
          name="rememberMe"
          render={({ field }) => (
            <Checkbox
              id="login-remember-me"
              name={field.name}
              checked={field.value ?? false}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        <Label htmlFor="login-remember-me" variant="choice" className="leading-none">
          Remember me
        </Label>
      </div>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Logging in...' : 'Log in'}
      </Button>
    </form>
  );
}
