import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { FieldValues, Path, UseFormSetError, UseFormSetFocus } from 'react-hook-form';
import { reportFormError } from '#client/components/error-toast.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type SettingsForm<Values extends FieldValues> = {
  setError: UseFormSetError<Values>;
  setFocus: UseFormSetFocus<Values>;
};

/**
 * Saving either settings card: the same toasts for both; a refusal that names a field of the
 * card (in the order shown) is shown beside it instead.
 */
export function useSaveSettings<Values extends FieldValues>(
  form: SettingsForm<Values>,
  fields: readonly Path<Values>[],
  alsoRefreshes?: readonly QueryKey[],
) {
  // A save under way does not hold the trader on the page (docs/decisions/0065); when it fails
  // after the card has gone, its fields are not on screen, so the refusal is a toast.
  const isShown = useRef(false);
  useEffect(() => {
    isShown.current = true;
    return () => {
      isShown.current = false;
    };
  }, []);
  return useUpdateProfile({
    alsoRefreshes,
    onSuccess: () =>
      toast({
        title: 'Settings Saved',
        description: 'Your settings have been updated successfully.',
      }),
    onError: (error) =>
      reportFormError(error, {
        form,
        fields: isShown.current ? fields : [],
        title: 'Error',
        fallback: 'Failed to update settings. Please try again.',
      }),
  });
}
