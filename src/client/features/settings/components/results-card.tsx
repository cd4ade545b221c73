import { useMemo, useState, type ComponentProps } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { User } from '#shared/schemas/auth.ts';
import { TitledCard } from '#client/components/titled-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useSaveSettings } from '../hooks/use-save-settings.ts';
import { NotificationSwitch } from './notification-switch.tsx';

type Results = User['preferences']['results'];

/** Every currency this browser can format, as 'EUR — Euro', by code. */
function useCurrencies(current: string) {
  return useMemo(() => {
    const names = new Intl.DisplayNames(undefined, { type: 'currency' });
    const codes = new Set([...Intl.supportedValuesOf('currency'), current]);
    return [...codes]
      .sort()
      .map((code) => ({ code, label: `${code} — ${names.of(code) ?? code}` }));
  }, [current]);
}

type CurrencySelectProps = Omit<ComponentProps<typeof SelectTrigger>, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
};

/**
 * The currencies; the other props (the FormField's id and aria wiring) go to the trigger.
 *
 * Radix renders every item of a closed Select too (into a detached fragment, to find the chosen
 * one's text), and the ~300 currencies made opening the settings screen build 39,000 nodes
 * for the 550 it shows: three times the screen's CPU. So until the trader reaches for the
 * control (focus, which the label's click and Tab give; a pointer over it; opening it) only
 * the chosen currency is rendered, then all of them: before any key or click can need them,
 * so typing a code on the closed trigger still picks it.
 */
function CurrencySelect({ value, onChange, ...triggerProps }: CurrencySelectProps) {
  const all = useCurrencies(value);
  const [reachedFor, setReachedFor] = useState(false);
  const currencies = reachedFor ? all : all.filter(({ code }) => code === value);
  const reach = () => setReachedFor(true);
  return (
    <Select value={value} onValueChange={onChange} onOpenChange={reach}>
      <SelectTrigger
        {...triggerProps}
        onFocus={reach}
        onPointerEnter={reach}
        className="w-full sm:w-80"
      >
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {currencies.map(({ code, label }) => (
          <SelectItem key={code} value={code}>
            {label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** Session results: the currency money results are in, and privacy mode (R only). */
export function ResultsCard({ user }: { user: User }) {
  const form = useForm<Results>({
    values: user.preferences.results,
    resetOptions: { keepDirtyValues: true },
  });
  // Sessions and figures come from the server without money while it is hidden: fetch again.
  const save = useSaveSettings(form, [], [queryKeys.sessions.all, queryKeys.analytics.all]);

  return (
    <TitledCard title="Session Results">
      <form
        className="grid gap-6"
        onSubmit={form.handleSubmit((results) => save.mutate({ preferences: { results } }))}
      >
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
