import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  FieldValues,
  Path,
  UseFormGetValues,
  UseFormSetError,
  UseFormSetFocus,
} from 'react-hook-form';
import { holdsAChange } from '#shared/schemas/settings.ts';
import { reportFormError } from '#client/components/error-toast.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useIsShown } from '#client/lib/use-is-shown.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type SettingsForm<Values extends FieldValues> = {
  getValues: UseFormGetValues<Values>;
  setError: UseFormSetError<Values>;
  setFocus: UseFormSetFocus<Values>;
};

type SaveSettingsOptions = {
  /** What else the change makes stale. */
  alsoRefreshes?: readonly QueryKey[];
  /** Where the card's fields sit in the profile change ('preferences.reminders'). */
  under?: string;
};

/**
 * Saving a settings card: the same toasts for all; a refusal that names a field of the card
 * (in the order shown) is shown beside it instead. `sending`: the form's values as the save
 * under way began, null when none is (docs/decisions/0065: they are not unsaved meanwhile).
 */
export function useSaveSettings<Values extends FieldValues>(
  form: SettingsForm<Values>,
  fields: readonly Path<Values>[],
  { alsoRefreshes, under }: SaveSettingsOptions = {},
) {
  // A save under way does not hold the trader on the page (docs/decisions/0065); when it fails
  // after the card has gone, its fields are not on screen, so the refusal is a toast.
  const isShown = useIsShown();
  const [sending, setSending] = useState<Values | null>(null);
  const queryClient = useQueryClient();
  const saved = () =>
    toast({
      title: 'Settings Saved',
      description: 'Your settings have been updated successfully.',
    });
  const save = useUpdateProfile({
    alsoRefreshes,
    onSuccess: saved,
    onError: (error) =>
      reportFormError(error, {
        form,
        fields: isShown.current ? fields : [],
        under,
        title: 'Error',
        fallback: 'Failed to update settings. Please try again.',
      }),
  });
  return {
    ...save,
    /**
     * Sends the change: the card's changed fields only (`changedSettings`). With none, the
     * settings shown are saved already: nothing is written, and the user is read again, so that
     * a change made elsewhere since shows.
     */
    mutate: (...args: Parameters<typeof save.mutate>) => {
      if (!holdsAChange(args[0])) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.auth.all });
        saved();
        return true;
      }
      const started = save.mutate(...args);
      if (started) setSending(form.getValues());
      return started;
    },
    sending: save.isPending ? sending : null,
  };
}
