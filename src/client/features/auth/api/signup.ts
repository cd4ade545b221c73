import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { userResponseSchema, type signupSchema } from '#shared/schemas/auth.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** The validated form values, as the server expects them. */
export type SignupPayload = z.output<typeof signupSchema>;

/** Creates an account. It does not log in: the user is sent to the login screen. */
export function signup(input: SignupPayload) {
  return apiRequest('/api/auth/signup', {
    method: 'POST',
    body: input,
    schema: userResponseSchema,
  });
}

type UseSignupOptions = {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
};

export function useSignup({ onSuccess, onError }: UseSignupOptions = {}) {
  return useMutation({ mutationFn: signup, onSuccess, onError });
}
