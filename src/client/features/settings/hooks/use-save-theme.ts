import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { AuthSession, User } from '#shared/schemas/auth.ts';
import type { Theme } from '#shared/schemas/theme.ts';
import { toastError } from '#client/components/error-toast.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';
import { updateProfile } from '../api/update-profile.ts';

/**
 * Choosing a theme. The choice shows at once: it is written into the login's cached user,
 * whose theme the app applies (app/theme-sync.tsx), and then saved. A refusal puts back the
 * theme the server still has. Choices made while one is being saved wait, and only the last
 * is sent, so the server ends with the theme on screen (writes are single-flight).
 */
export function useSaveTheme() {
  const queryClient = useQueryClient();
  /** The server's theme as last answered: what a failure rolls back to. */
  const savedTheme = useRef<Theme | null>(null);
  /** The newest choice made while a save was under way. */
  const waiting = useRef<Theme | null>(null);
  /** From the first save to the last of a run of choices (`isPending` reaches us a render late). */
  const isBusy = useRef(false);

  const setCachedUser = (update: (user: User) => User) =>
    queryClient.setQueryData<AuthSession>(queryKeys.auth.session, (session) =>
      session?.user ? { ...session, user: update(session.user) } : session,
    );
  const showTheme = (theme: Theme) =>
    setCachedUser((user) => ({ ...user, preferences: { ...user.preferences, theme } }));

  const save = useApiMutation({
    mutationFn: (theme: Theme) => updateProfile({ preferences: { theme } }),
    onSuccess: (user) => {
      savedTheme.current = user.preferences.theme;
      if (waiting.current !== null) return;
      // The answer is the whole user, as the server now has it: no refetch needed.
      setCachedUser(() => user);
      toast({
        title: 'Settings Saved',
        description: 'Your settings have been updated successfully.',
      });
    },
    onError: (error) => {
      waiting.current = null;
      if (savedTheme.current) showTheme(savedTheme.current);
      toastError(error, { fallback: 'Failed to update settings. Please try again.' });
    },
    onSettled: () => {
      const next = waiting.current;
      waiting.current = null;
      isBusy.current = next !== null && save.mutate(next);
    },
  });

  /** Shows `theme` now and saves it; `current` is the theme shown before. */
  const chooseTheme = (theme: Theme, current: Theme) => {
    if (!isBusy.current) savedTheme.current = current;
    // A refetch of the login under way would bring back the old theme over the new one.
    void queryClient.cancelQueries({ queryKey: queryKeys.auth.session });
    showTheme(theme);
    if (isBusy.current) waiting.current = theme;
    else isBusy.current = save.mutate(theme);
  };

  return { chooseTheme, isSaving: save.isPending };
}
