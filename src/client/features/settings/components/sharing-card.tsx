import type { User } from '#shared/schemas/auth.ts';
import { toastError } from '#client/components/error-toast.ts';
import { TitledCard } from '#client/components/titled-card.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';
import { updateProfile } from '../api/update-profile.ts';
import { NotificationSwitch } from './notification-switch.tsx';

/**
 * 'Share my discipline figures with administrators': off by default, saved the moment it is
 * switched, and the administrators' view follows from their next request (decision 30).
 */
export function SharingCard({ user }: { user: User }) {
  const save = useApiMutation({
    mutationFn: (discipline: boolean) =>
      updateProfile({ preferences: { sharing: { discipline } } }),
    // The login's user holds the switch; an administrator's own team list may change too.
    refreshes: [queryKeys.auth.all, queryKeys.team.all],
    onSuccess: (saved) =>
      toast({
        title: 'Settings Saved',
        description: saved.preferences.sharing.discipline
          ? 'Administrators can now see your discipline figures.'
          : 'Administrators no longer see your discipline figures.',
      }),
    onError: (error) =>
      toastError(error, { fallback: 'Failed to update settings. Please try again.' }),
  });
  // While the change is saved the switch already shows it; a click meanwhile is ignored
  // (writes are single-flight) rather than disabling the switch under the keyboard's focus.
  const isSharing = save.isPending ? save.variables : user.preferences.sharing.discipline;

  return (
    <TitledCard title="Sharing" contentClassName="grid gap-4">
      <NotificationSwitch
        label="Share my discipline figures with administrators"
        description="Administrators of this app will see your 30-day compliance, its trend, your streaks, your weakest rule and your rule analytics."
        checked={isSharing}
        onCheckedChange={(checked) => save.mutate(checked)}
      />
      <p className="text-muted-foreground text-sm">
        Never shared: your notes, screenshots, money and R results, or your e-mail address. You can
        stop sharing at any time; administrators lose your figures at once.
      </p>
    </TitledCard>
  );
}
