import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { z } from '#shared/zod.ts';
import type { User } from '#shared/schemas/auth.ts';
import type { SessionType } from '#shared/schemas/sessions.ts';
import { updateProfileSchema } from '#shared/schemas/settings.ts';
import { RestoredNote } from '#client/components/restored-note.tsx';
import { TitledCard } from '#client/components/titled-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { useSaveSettings } from '../hooks/use-save-settings.ts';
import { changedSettings, useUnsavedSettings } from '../unsaved-settings.ts';
import { NotificationPermission } from './notification-permission.tsx';
import { SessionTypeChoices } from './session-type-choices.tsx';

// Each level of the profile change is optional there; the form sends both fields.
const reminderFields =
  updateProfileSchema.shape.preferences.def.innerType.shape.reminders.def.innerType.shape;
const remindersFormSchema = z.object({
  sessionTypeIds: reminderFields.sessionTypeIds.def.innerType,
  minutesBefore: reminderFields.minutesBefore.def.innerType,
});
type RemindersForm = z.infer<typeof remindersFormSchema>;

type SessionRemindersCardProps<Key extends QueryKey> = {
  user: User;
  /** The fixed list of market sessions: the sessions feature's query, passed in by the page. */
  sessionTypesQuery: UseQueryOptions<SessionType[], Error, SessionType[], Key>;
};

/**
 * Which market sessions the trader wants a browser reminder before, and how long before; the
 * browser's permission beside it. The reminders themselves run in the app (app/session-reminders).
 */
export function SessionRemindersCard<Key extends QueryKey>({
  user,
  sessionTypesQuery,
}: SessionRemindersCardProps<Key>) {
  const sessionTypes = useQuery(sessionTypesQuery);
  const form = useForm<RemindersForm>({
    resolver: zodResolver(remindersFormSchema),
    values: user.preferences.reminders,
    resetOptions: { keepDirtyValues: true },
  });
  const save = useSaveSettings(form, ['minutesBefore'], { under: 'preferences.reminders' });
  const { isRestored } = useUnsavedSettings(form, user.preferences.reminders, {
    key: 'settings-reminders',
    writer: user.id,
    sending: save.sending,
  });
  const isOn = user.preferences.notifications.tradingSessions;

  return (
    <TitledCard title="Session Reminders">
      <form
        noValidate
        className="grid gap-6"
        onSubmit={form.handleSubmit((reminders) =>
          save.mutate({
            preferences: {
              reminders: changedSettings(reminders, form.getValues(), user.preferences.reminders),
            },
          }),
        )}
      >
        {isRestored ? <RestoredNote /> : null}
        <div className="grid gap-2 text-sm">
          <p className="text-muted-foreground">
            A notification before the market sessions you trade, with one of your rule reminders. It
            arrives while Rulekeeper is open, in a browser tab or as the installed app.
          </p>
          <p className="font-medium">
            {isOn
              ? 'Trading Session Reminders is on: these reminders are active.'
              : 'Trading Session Reminders is off: turn it on under Notifications to get these reminders.'}
          </p>
        </div>
        <NotificationPermission />
        <Controller
          control={form.control}
          name="sessionTypeIds"
          render={({ field }) => (
            <SessionTypeChoices
              query={sessionTypes}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <FormField
          label="Minutes before the session opens"
          hint="0 reminds you at the open; at most a day (1440)."
          error={form.formState.errors.minutesBefore?.message}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={1440}
            step={1}
            className="w-32"
            {...form.register('minutesBefore', { valueAsNumber: true })}
          />
        </FormField>
        <div>
          <Button type="submit" className="w-full sm:w-auto" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Reminder Settings'}
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
