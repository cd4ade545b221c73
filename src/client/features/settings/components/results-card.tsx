import { useMemo, useState, type ComponentProps } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CURRENCY_CODES } from '#shared/currencies.ts';
import type { User } from '#shared/schemas/auth.ts';
import { RestoredNote } from '#client/components/restored-note.tsx';
import { TitledCard } from '#client/components/titled-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useSaveSettings } from '../hooks/use-save-settings.ts';
import { changedSettings, useUnsavedSettings } from '../unsaved-settings.ts';
import { NotificationSwitch } from './notification-switch.tsx';

type Results = User['preferences']['results'];

/**
 * Every currency the server takes, as 'EUR — Euro', by code; one whose name this browser does
 * not know (a newer one, such as XCG in Chromium 156) as its code alone.
 */
function useCurrencies(current: string) {
  return useMemo(() => {
    const names = new Intl.DisplayNames(undefined, { type: 'currency', fallback: 'none' });
    const codes = new Set([...CURRENCY_CODES, current]);
    return [...codes].sort().map((code) => {
      const name = names.of(code);
      return { code, label: name ? `${code} — ${name}` : code };
    });
  }, [current]);
}

type CurrencySelectProps = Omit<ComponentProps<typeof Select>, 'onValueChange' | 'children'> & {
  onChange: (value: string) => void;
};

/**
 * The currencies; the other props (the FormField's id and aria wiring) go to the select.
 *
 * About 300 options are more nodes than the rest of the settings screen, built in the one
 * render of this card. So until the trader reaches for the control (focus, which the label's
 * click and Tab give; a pointer over it, which comes before a press) only the chosen currency
 * is rendered, then all of them: before any key or press can need them, so typing a code on
 * the closed select still picks it.
 */
function CurrencySelect({ value, onChange, onFocus, ...selectProps }: CurrencySelectProps) {
  const all = useCurrencies(value);
  const [reachedFor, setReachedFor] = useState(false);
  const currencies = reachedFor ? all : all.filter(({ code }) => code === value);
  return (
    <Select
      {...selectProps}
      value={value}
      onValueChange={onChange}
      onFocus={(event) => {
        setReachedFor(true);
        onFocus?.(event);
      }}
      onPointerEnter={() => setReachedFor(true)}
      className="w-full sm:w-80"
    >
      {currencies.map(({ code, label }) => (
        <option key={code} value={code}>
          {label}
        </option>
      ))}
    </Select>
  );
}

/** Session results: the currency money results are in, and privacy mode (R only). */
export function ResultsCard({ user }: { user: User }) {
  const form = useForm<Results>({
    values: user.preferences.results,
    resetOptions: { keepDirtyValues: true },
  });
  const save = useSaveSettings(form, [], {
    alsoRefreshes: [queryKeys.sessions.all, queryKeys.analytics.all],
  });
  const { isRestored } = useUnsavedSettings(form, user.preferences.results, {
    key: 'settings-results',
    writer: user.id,
    sending: save.sending,
  });
  // Sessions and figures come from the server without money while it is hidden: fetch again.

  return (
    <TitledCard title="Session Results">
      <form
        className="grid gap-6"
        onSubmit={form.handleSubmit((results) =>
          save.mutate({
            preferences: {
              results: changedSettings(results, form.getValues(), user.preferences.results),
            },
          }),
        )}
      >
        {isRestored ? <RestoredNote /> : null}
        <p className="text-muted-foreground text-sm">
          How the optional result of each session, in money and in R, is shown.
        </p>
        <Controller
          control={form.control}
          name="currency"
          render={({ field: { value, onChange, ref } }) => (
            <FormField label="Currency" hint="The currency of your trading account.">
              <CurrencySelect value={value} onChange={onChange} ref={ref} />
            </FormField>
          )}
        />
        <Controller
          control={form.control}
          name="hideMoney"
          render={({ field }) => (
            <NotificationSwitch
              label="Hide money amounts"
              description="Show results in R only, everywhere in the app: useful when others can see your screen."
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        <div>
          <Button type="submit" className="w-full sm:w-auto" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Result Settings'}
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
