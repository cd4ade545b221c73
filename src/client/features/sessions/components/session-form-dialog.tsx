import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type BaseSyntheticEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FIRST_CALENDAR_DAY } from '#shared/schemas/common.ts';
import { DATE_IN_FUTURE, type Session } from '#shared/schemas/sessions.ts';
import { reportFormError } from '#client/components/error-toast.ts';
import { useResultPreferences } from '#client/components/result-preferences.tsx';
import { FormDialog, useFormDialog } from '#client/components/form-dialog.tsx';
import { focusFirstError } from '#client/lib/form-errors.ts';
import { SavingFields } from '#client/components/saving-fields.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { DialogClose, DialogFooter } from '#client/components/ui/dialog.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { todayLocal } from '#client/lib/dates.ts';
import { changedFields } from '#client/lib/drafts.ts';
import { newSessionUid, useCreateSession } from '../api/create-session.ts';
import { useUpdateSession } from '../api/update-session.ts';
import { useChecklist } from '../hooks/use-checklist.ts';
import { NoRulesYet, RulesChecklist } from './rules-checklist.tsx';
import { ScreenshotPicker } from './screenshot-picker.tsx';
import {
  sessionFormDefaults,
  sessionFormFields,
  sessionFormSchema,
  toSessionInput,
  type SessionFormData,
  type SessionFormValues,
} from './session-form-schema.ts';
import { SessionTypeSelect } from './session-type-select.tsx';

const RESULT_FIELDS = ['resultR', 'resultMoney'] as const;

type SessionFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The session being edited; null for a new one. */
  session: Session | null;
};

/** The New Trading Session and Edit Trading Session dialogs. */
export function SessionFormDialog({ open, onOpenChange, session }: SessionFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={session ? 'Edit Trading Session' : 'New Trading Session'}
      description={
        session
          ? 'Change the details of this session or which rules you followed.'
          : 'Record how the session went: tick the rules you followed, add notes or a chart screenshot.'
      }
    >
      {/* The form mounts each time the dialog opens, so it always starts from these values. */}
      <SessionForm session={session} />
    </FormDialog>
  );
}

const SCREENSHOT_NOT_KEPT =
  'The screenshot you had chosen could not be kept when your login expired: choose it again.';

function SessionForm({ session }: { session: Session | null }) {
  // Read once: a new session's date is the day the form opened.
  const [defaults] = useState(() => sessionFormDefaults(session));
  // A new session's identity, sent with each Save (decision 80): kept in its draft, and a new
  // one once it is recorded, should the same form be shown again.
  const [uid, setUid] = useState(newSessionUid);
  const form = useForm<SessionFormValues, unknown, SessionFormData>({
    resolver: zodResolver(sessionFormSchema),
    defaultValues: defaults,
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isDirty },
  } = form;
  const checklist = useChecklist(session);
  const { currency, hideMoney } = useResultPreferences();
  const [isReadingScreenshot, setIsReadingScreenshot] = useState(false);

  const createSession = useCreateSession({
    onSuccess: () => {
      setUid(newSessionUid());
      close();
      toast({ title: 'Success', description: 'Trading session has been created' });
    },
    onError: (error) =>
      reportFormError(error, {
        form,
        fields: sessionFormFields,
        fallback: 'Failed to create trading session',
      }),
  });
  const updateSession = useUpdateSession({
    onSuccess: () => {
      close();
      toast({ title: 'Success', description: 'Trading session has been updated' });
    },
    onError: (error) =>
      reportFormError(error, {
        form,
        fields: sessionFormFields,
        fallback: 'Failed to update trading session',
      }),
  });

  /**
   * A number input whose text the browser cannot read ('1,250', a lone '-') answers '' as a
   * blank one does, so its result would be saved as none, or an edit would remove the one
   * recorded. The inputs say so themselves (`validity.badInput`): refused at the field, in the
   * API's words for a value that is not a number.
   */
  const refuseUnreadableResults = (formElement: HTMLFormElement) => {
    const unreadable = RESULT_FIELDS.filter((name) => {
      const input = formElement.elements.namedItem(name);
      return input instanceof HTMLInputElement && input.validity.badInput;
    });
    for (const name of unreadable) {
      const message = sessionFormSchema.shape[name].safeParse('NaN').error?.issues[0]?.message;
      form.setError(name, { message }, { shouldFocus: name === unreadable[0] });
    }
    return unreadable.length > 0;
  };

  const isSaving = createSession.isPending || updateSession.isPending;
  const { close } = useFormDialog({
    isDirty,
    isSaving,
    draft: {
      key: session ? `session-${session.id}` : 'session-new',
      // A chosen image is not kept: it may not fit the tab's storage. The form keeps what it
      // had (a saved screenshot stays) and says to choose it again. A saved one is a name.
      // A new session keeps its day even untouched: given back after midnight, it is still
      // the day the trader was recording, not the day the form opens again.
      values: () => {
        const { screenshotData, ...values } = form.getValues();
        const isImageLost = screenshotData?.kind === 'new';
        const changed = changedFields(
          isImageLost ? values : { ...values, screenshotData },
          defaults,
        );
        if (!changed && !isImageLost) return null;
        return {
          ...(session ? {} : { date: values.date, uid }),
          ...changed,
          ...(isImageLost ? { screenshotLost: true } : {}),
        };
      },
      restore: ({ screenshotLost, uid: keptUid, ...values }) => {
        if (typeof keptUid === 'string') setUid(keptUid);
        form.reset({ ...defaults, ...values }, { keepDefaultValues: true });
        if (screenshotLost === true) {
          form.setError('screenshotData', { message: SCREENSHOT_NOT_KEPT });
        }
      },
    },
  });

  const submit = (values: SessionFormData, event?: BaseSyntheticEvent) => {
    // Saving before the rules are known would record every rule as not followed, and before a
    // chosen image is read would leave it out.
    if (checklist.status !== 'ready' || isReadingScreenshot) return;
    // The event's target: its current target is gone once the checks (asynchronous) are done.
    const formElement: unknown = event?.target;
    if (formElement instanceof HTMLFormElement && refuseUnreadableResults(formElement)) return;
    // The picker stops at today, but a day can be typed past it, and the server, which knows no
    // time zone, still takes the day after its own. A day it changed to after the trader's
    // today is refused here; one kept as it was stays (recorded before days ahead were refused).
    const date = form.getValues('date');
    if (date !== defaults.date && date > todayLocal()) {
      form.setError('date', { message: DATE_IN_FUTURE }, { shouldFocus: true });
      return;
    }
    const isMoneyChanged = form.getValues('resultMoney') !== defaults.resultMoney;
    const input = toSessionInput(values, checklist.items, {
      sendsMoney: !hideMoney && (session === null || isMoneyChanged),
      hadScreenshot: defaults.screenshotData !== null,
    });
    // An edit names the version it was made from: one written elsewhere since is refused
    // (409) rather than undone by this save (docs/decisions/0081).
    if (session)
      updateSession.mutate({ id: session.id, input: { ...input, version: session.version } });
    else createSession.mutate({ ...input, uid });
  };

  return (
    <form noValidate className="grid gap-5" onSubmit={handleSubmit(submit)}>
      <SavingFields
        isSaving={isSaving}
        focusFirstError={() => focusFirstError(form, sessionFormFields)}
      >
        <FormField label="Session Name" error={errors.name?.message}>
          <Input placeholder="Morning Session" autoComplete="off" {...register('name')} />
        </FormField>
        <FormField label="Date" error={errors.date?.message}>
          {/* The picker offers no day after today, which the server refuses; an edit of a session
            dated ahead before that keeps its day as it is (the server takes a day unchanged). */}
          <Input type="date" min={FIRST_CALENDAR_DAY} max={todayLocal()} {...register('date')} />
        </FormField>
        <Controller
          control={control}
          name="sessionTypeId"
          render={({ field: { value, onChange, onBlur, ref }, fieldState: { error } }) => (
            <FormField label="Session Type" error={error?.message}>
              <SessionTypeSelect value={value} onChange={onChange} onBlur={onBlur} ref={ref} />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="rulesFollowed"
          render={({ field: { value, onChange, ref }, fieldState: { error } }) => (
            <RulesChecklist
              checklist={checklist}
              value={value}
              onChange={onChange}
              ref={ref}
              error={error?.message}
              emptyMessage={
                session ? 'This session was recorded without any trading rules.' : <NoRulesYet />
              }
            />
          )}
        />
        {/* Optional: a result in R and, unless money amounts are hidden, in the currency. A loss
          is negative: no `inputMode="decimal"`, whose keypad on an iPhone has no minus key;
          a number field alone opens the keyboard's numbers and signs on either phone. */}
        <div className={hideMoney ? 'grid gap-5' : 'grid gap-5 sm:grid-cols-2'}>
          <FormField
            label="Result (R)"
            hint="Optional. In multiples of your planned risk, e.g. 1.5 or -1."
            error={errors.resultR?.message}
          >
            <Input type="number" step="0.01" {...register('resultR')} />
          </FormField>
          {hideMoney ? null : (
            <FormField
              label={`Result (${currency})`}
              hint="Optional. Profit or loss, e.g. 250 or -120.50."
              error={errors.resultMoney?.message}
            >
              <Input type="number" step="0.01" {...register('resultMoney')} />
            </FormField>
          )}
        </div>
        <FormField label="Notes" error={errors.notes?.message}>
          <Textarea
            rows={3}
            placeholder="How did the session go? What would you do differently? (optional)"
            {...register('notes')}
          />
        </FormField>
        <Controller
          control={control}
          name="screenshotData"
          render={({ field: { value, onChange, ref }, fieldState: { error } }) => (
            <ScreenshotPicker
              value={value}
              onChange={(picked) => {
                // A new choice answers any message about the last one.
                form.clearErrors('screenshotData');
                onChange(picked);
              }}
              ref={ref}
              error={error?.message}
              onReadingChange={setIsReadingScreenshot}
            />
          )}
        />
      </SavingFields>
      {/* Stuck to the bottom of the scrolling dialog, so Save is in reach on a phone, where the
          two buttons share one row to leave the form as much of the screen as they can. */}
      <DialogFooter sticky>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={isSaving}>
            Cancel
          </Button>
        </DialogClose>
        <Button
          type="submit"
          disabled={isSaving || isReadingScreenshot || checklist.status !== 'ready'}
        >
          {isSaving ? 'Saving...' : 'Save Session'}
        </Button>
      </DialogFooter>
    </form>
  );
}
