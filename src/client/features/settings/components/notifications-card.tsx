import { Controller, useForm } from 'react-hook-form';
import type { User } from '#shared/schemas/auth.ts';
import { RestoredNote } from '#client/components/restored-note.tsx';
import { TitledCard } from '#client/components/titled-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useSaveSettings } from '../hooks/use-save-settings.ts';
import { changedSettings, useUnsavedSettings } from '../unsaved-settings.ts';
import { NotificationSwitch } from './notification-switch.tsx';

type Notifications = User['preferences']['notifications'];

const switches: { name: keyof Notifications; label: string; description: string }[] = [
  {
    name: 'tradingSessions',
    label: 'Trading Session Reminders',
    description: 'Get reminded to record your trading sessions',
  },
  {
    name: 'weeklyReports',
    label: 'Weekly Reports',
    description: 'Receive weekly discipline analysis reports',
  },
  {
    name: 'lowCompliance',
    label: 'Low Compliance Alerts',
    description: 'Get alerts when your compliance drops below 70%',
  },
];

/** The three notification switches, saved together. */
export function NotificationsCard({ user }: { user: User }) {
  const form = useForm<Notifications>({
    values: user.preferences.notifications,
    resetOptions: { keepDirtyValues: true },
  });
  const save = useSaveSettings(form, []);
  const { isRestored } = useUnsavedSettings(form, user.preferences.notifications, {
    key: 'settings-notifications',
    writer: user.id,
    sending: save.sending,
  });
  // No field here can be refused on its own: any failure is a toast.

  return (
    <TitledCard title="Notifications">
      <form
        className="grid gap-6"
        onSubmit={form.handleSubmit((notifications) =>
          save.mutate({
            preferences: {
              notifications: changedSettings(
                notifications,
                form.getValues(),
                user.preferences.notifications,
              ),
            },
          }),
        )}
      >
        {isRestored ? <RestoredNote /> : null}
        <div className="divide-border divide-y">
          {switches.map(({ name, label, description }) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <NotificationSwitch
                  label={label}
                  description={description}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
          ))}
        </div>
        <div>
          <Button type="submit" className="w-full sm:w-auto" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Notification Settings'}
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
