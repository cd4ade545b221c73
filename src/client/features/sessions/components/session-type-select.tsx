import type { ComponentProps } from 'react';
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
 * and is disabled.
 */
export function SessionTypeSelect({ value, onChange, ...selectProps }: SessionTypeSelectProps) {
  const { data: sessionTypes, isPending, isError } = useSessionTypes();
  const placeholder = isPending
    ? 'Loading session types...'
    : isError
      ? 'Session types could not be loaded'
      : 'Select a session type';

  return (
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
}
