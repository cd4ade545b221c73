import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { signupSchema, type SignupInput } from '#shared/schemas/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { getErrorMessage, HttpError } from '#client/lib/api-client.ts';
import { useSignup, type SignupPayload } from '../api/signup.ts';

const fieldNames = ['username', 'password', 'fullName', 'email', 'companyName'] as const;
type FieldName = (typeof fieldNames)[number];

function isFieldName(path: string): path is FieldName {
  return (fieldNames as readonly string[]).includes(path);
}

/** Creates an account; signing up does not log in, so success leads to the login screen. */
export function SignupForm({ onSuccess }: { onSuccess: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignupInput, unknown, SignupPayload>({
    resolver: zodResolver(signupSchema),
    defaultValues: { username: '', password: '', fullName: '', email: '', companyName: '' },
  });

  const signup = useSignup({
    onSuccess: () => {
      toast({
        title: 'Account Created',
        description: 'Your account has been created successfully. Please log in.',
      });
      onSuccess();
    },
    onError: (error) => {
      // A 400 names the offending fields: show those messages beside them as well.
      if (error instanceof HttpError) {
        for (const issue of error.issues ?? []) {
          if (isFieldName(issue.path)) setError(issue.path, { message: issue.message });
        }
      }
      toast({
        variant: 'destructive',
        title: 'Signup Failed',
        description: getErrorMessage(error, 'Signup failed'),
      });
    },
  });

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={handleSubmit((values) => signup.mutate(values))}
    >
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Full Name"
        autoComplete="name"
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Trading Company (Optional)"
        autoComplete="organization"
        error={errors.companyName?.message}
        {...register('companyName')}
      />
      <Button type="submit" className="w-full" disabled={signup.isPending}>
        {signup.isPending ? 'Signing up...' : 'Sign up'}
      </Button>
    </form>
  );
}
