import type { ComponentProps } from 'react';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx';
import { formatSessionType, useSessionTypes } from '../api/get-session-types.ts';

type SessionTypeSelectProps = Omit<ComponentProps<typeof SelectTrigger>, 'value' | 'onChange'> & {
  /** The chosen type's id as a string; '' while none is chosen. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * The market sessions, shown as 'London (08:00-17:00)'. The other props (id, aria wiring from
 * a FormField, the form's ref) go to the trigger, the control people focus.
 */
export function SessionTypeSelect({ value, onChange, ...triggerProps }: SessionTypeSelectProps) {
  const { data: sessionTypes, isPending, isError } = useSessionTypes();
  const placeholder = isPending
    ? 'Loading session types...'
    : isError
      ? 'Session types could not be loaded'
      : 'Select a session type';

  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger {...triggerProps} disabled={!sessionTypes || triggerProps.disabled}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {sessionTypes?.map((type) => (
          <SelectItem key={type.id} value={String(type.id)}>
            {formatSessionType(type)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
