import type { z } from '#shared/zod.ts';
import { userResponseSchema, type signupSchema } from '#shared/schemas/auth.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';

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
  /** Given what was sent: the login screen that follows fills in its username. */
  onSuccess?: (input: SignupPayload) => void;
  onError?: (error: Error) => void;
};

export function useSignup({ onSuccess, onError }: UseSignupOptions = {}) {
  return useApiMutation({
    mutationFn: signup,
    onSuccess: (_answer, input) => onSuccess?.(input),
    onError,
  });
}
