import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { NEW_PASSWORD_HINT } from '#shared/constants.ts';
import { signupSchema, type SignupInput } from '#shared/schemas/auth.ts';
import { reportFormError } from '#client/components/error-toast.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useSignup, type SignupPayload } from '../api/signup.ts';

/** In the order they are shown: a server refusal focuses the first field it names. */
const fields = ['username', 'password', 'fullName', 'email', 'companyName'] as const;

/**
 * Creates an account; signing up does not log in, so success leads to the login screen, to
 * which `onSuccess` hands the new account's username.
 */
export function SignupForm({ onSuccess }: { onSuccess: (username: string) => void }) {
  const form = useForm<SignupInput, unknown, SignupPayload>({
    resolver: zodResolver(signupSchema),
    defaultValues: { username: '', password: '', fullName: '', email: '', companyName: '' },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  const signup = useSignup({
    onSuccess: (input) => {
      toast({
        title: 'Account Created',
        description: 'Your account has been created successfully. Please log in.',
      });
      onSuccess(input.username);
    },
    onError: (error) =>
      reportFormError(error, { form, fields, title: 'Signup Failed', fallback: 'Signup failed' }),
  });

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={handleSubmit((values) => signup.mutate(values))}
    >
      <FormField label="Username" error={errors.username?.message}>
        <Input
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...register('username')}
        />
      </FormField>
      <FormField label="Password" hint={NEW_PASSWORD_HINT} error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </FormField>
      <FormField label="Full Name" error={errors.fullName?.message}>
        <Input autoComplete="name" {...register('fullName')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
      </FormField>
      <FormField label="Trading Company (Optional)" error={errors.companyName?.message}>
        <Input autoComplete="organization" {...register('companyName')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={signup.isPending}>
        {signup.isPending ? 'Signing up...' : 'Sign up'}
      </Button>
    </form>
  );
}
