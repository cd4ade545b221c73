import {
  onlineManager,
  useMutation,
  useQueryClient,
  type MutateOptions,
  type QueryKey,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { useRef } from 'react';
import { isHttpError } from './api-client.ts';
import { dismissErrorToasts } from '#client/components/ui/use-toast.ts';

/**
 * A refusal that means the cached view is wrong: the thing is gone (404) or changed under us
 * (409), typically in another tab. The list it came from is refreshed.
 */
export function isStaleViewRefusal(error: unknown): boolean {
  return isHttpError(error, 404, 409);
}

export type ApiMutationOptions<TData, TVariables, TContext> = Omit<
  UseMutationOptions<TData, Error, TVariables, TContext>,
  'mutationFn' | 'retry' | 'retryDelay'
> & {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /**
   * Queries this write changes. They are refreshed after a success, before `onSuccess` runs
   * (so the caller's toast or closing dialog meets the new data), and after a refusal for which
   * `refreshOnError` holds (by default 404 and 409).
   */
  refreshes?: readonly QueryKey[];
  refreshOnError?: (error: Error) => boolean;
};

/**
 * Waits for `work`, or less if the browser goes offline first: a read that fails then waits
 * for the connection to come back before it tries again, and a write that was saved must not
 * show 'Saving...', its dialog held open, until then. Its lists catch up when the connection
 * does.
 */
function untilDoneOrOffline(work: Promise<unknown>): Promise<void> {
  if (!onlineManager.isOnline()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      unsubscribe();
      resolve();
    };
    const unsubscribe = onlineManager.subscribe((isOnline) => {
      if (!isOnline) done();
    });
    work.then(done, done);
  });
}

/**
 * `useMutation` for API writes. `mutate` is single-flight: a second call while one is under
 * way is ignored, checked synchronously because `isPending` reaches React a render later and a
 * double click lands in between. Writes never retry on their own.
 */
export function useApiMutation<TData = unknown, TVariables = void, TContext = unknown>({
  refreshes = [],
  refreshOnError = isStaleViewRefusal,
  onSuccess,
  onError,
  onSettled,
  ...options
}: ApiMutationOptions<TData, TVariables, TContext>) {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);

  const refresh = () =>
    untilDoneOrOffline(
      Promise.all(refreshes.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    );

  const mutation = useMutation<TData, Error, TVariables, TContext>({
    ...options,
    retry: false,
    onSuccess: async (data, variables, context, fnContext) => {
      await refresh();
      await onSuccess?.(data, variables, context, fnContext);
    },
    onError: async (error, variables, context, fnContext) => {
      // Not awaited: the refusal is shown at once, the list catches up behind it.
      if (refreshOnError(error)) void refresh();
      await onError?.(error, variables, context, fnContext);
    },
    onSettled: async (data, error, variables, context, fnContext) => {
      inFlight.current = false;
      await onSettled?.(data, error, variables, context, fnContext);
    },
  });

  /**
   * Starts the write unless one is under way; says whether it started. A previous failure's
   * toast goes as it starts.
   */
  const mutate = (
    variables: TVariables,
    mutateOptions?: MutateOptions<TData, Error, TVariables, TContext>,
  ): boolean => {
    if (inFlight.current) return false;
    inFlight.current = true;
    dismissErrorToasts();
    mutation.mutate(variables, mutateOptions);
    return true;
  };

  // mutateAsync is left out: it would go around the single-flight check.
  const { mutateAsync: _unguarded, ...result } = mutation;
  return { ...result, mutate };
}
