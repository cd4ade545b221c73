import type { ComponentProps } from 'react';
import { TryAgainButton } from '#client/components/try-again-button.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { formatSessionType, useSessionTypes } from '../api/get-session-types.ts';

type SessionTypeSelectProps = Omit<ComponentProps<typeof Select>, 'onValueChange' | 'children'> & {
  /** The chosen type's id as a string; '' while none is chosen. */
  onChange: (value: string) => void;
};

/**
 * The market sessions, shown as 'London (08:00-17:00)'. The other props (id, aria wiring from
 * a FormField, the form's ref and blur) go to the select. While no type is chosen it shows a
 * placeholder that cannot be chosen back; while the types load, or if they fail, it says so
 * and is disabled, and a failure offers 'Try again' beside it (reads are not retried by
 * themselves, and the dialog's draft should not need a reload to go on).
 */
export function SessionTypeSelect({ value, onChange, ...selectProps }: SessionTypeSelectProps) {
  const query = useSessionTypes();
  const { data: sessionTypes, isPending, isError } = query;
  const placeholder = isPending
    ? 'Loading session types...'
    : isError
      ? 'Session types could not be loaded'
      : 'Select a session type';

  const select = (
    <Select
      {...selectProps}
      value={sessionTypes ? value : ''}
      onValueChange={onChange}
      disabled={!sessionTypes || selectProps.disabled}
    >
      <option value="" disabled>
        {placeholder}
      </option>
      {sessionTypes?.map((type) => (
        <option key={type.id} value={String(type.id)}>
          {formatSessionType(type)}
        </option>
      ))}
    </Select>
  );
  if (!isError) return select;
  return (
    <span className="flex items-center gap-2">
      {select}
      <TryAgainButton retry={query} size="sm" />
    </span>
  );
}
