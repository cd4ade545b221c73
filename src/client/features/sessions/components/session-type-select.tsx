import { useCallback, useEffect, useId, useRef, type ComponentProps, type Ref } from 'react';
import { Select } from '#client/components/ui/select.tsx';
import { formatSessionType, useSessionTypes } from '../api/get-session-types.ts';
import { SessionTypesFailure } from './session-types-failure.tsx';

type SessionTypeSelectProps = Omit<ComponentProps<typeof Select>, 'onValueChange' | 'children'> & {
  /** The chosen type's id as a string; '' while none is chosen. */
  onChange: (value: string) => void;
};

/**
 * The market sessions, shown as 'London (08:00-17:00)'. The other props (id, aria wiring from
 * a FormField, the form's ref and blur) go to the select. While no type is chosen it shows a
 * placeholder that cannot be chosen back; while the types load, or if they could not be, it
 * says so and is disabled. A failure is said under it too, with 'Try again' (reads are not
 * retried by themselves, and the dialog's draft should not need a reload to go on); once the
 * types arrive the select takes the keyboard back from the button that went away. Types once
 * loaded stay shown when a later refetch fails.
 */
export function SessionTypeSelect({
  value,
  onChange,
  ref,
  ...selectProps
}: SessionTypeSelectProps) {
  const query = useSessionTypes();
  const { data: sessionTypes, isError } = query;
  const hasFailed = isError && !sessionTypes;
  const failureId = useId();
  const select = useRef<HTMLSelectElement | null>(null);
  const isRetrying = useRef(false);
  const selectRef = useCallback(
    (element: HTMLSelectElement | null) => {
      select.current = element;
      setRef(ref, element);
    },
    [ref],
  );

  useEffect(() => {
    if (!sessionTypes || !isRetrying.current) return;
    isRetrying.current = false;
    // Only where the keyboard was left by the button that went away, never from another field.
    const active = document.activeElement;
    if (!active || active === document.body || active.getAttribute('role') === 'dialog') {
      select.current?.focus();
    }
  }, [sessionTypes]);

  const placeholder = sessionTypes
    ? 'Select a session type'
    : hasFailed
      ? 'Session types could not be loaded'
      : 'Loading session types...';
  const describedBy = [selectProps['aria-describedby'], hasFailed ? failureId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <span className="grid gap-2">
      <Select
        {...selectProps}
        ref={selectRef}
        aria-describedby={describedBy || undefined}
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
      {hasFailed ? (
        <SessionTypesFailure
          id={failureId}
          failureCount={query.errorUpdateCount}
          retry={{
            isFetching: query.isFetching,
            refetch: async () => {
              isRetrying.current = true;
              const result = await query.refetch();
              // Failed again: types that come later (on focus) are not this click's.
              if (!result.data) isRetrying.current = false;
            },
          }}
        />
      ) : null}
    </span>
  );
}

/** Hands `element` to a ref given by the caller (the form's), whichever kind it is. */
function setRef<T>(ref: Ref<T> | undefined, element: T | null) {
  if (typeof ref === 'function') ref(element);
  else if (ref) ref.current = element;
}
