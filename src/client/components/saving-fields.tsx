import { useEffect, useRef, type FocusEvent, type ReactNode } from 'react';

/**
 * A form's fields, disabled while its save is under way: what is typed, ticked or picked then
 * is not in the save, and the dialog's close once it succeeds threw it away without asking.
 * When they are enabled again (the save refused), focus goes to the first field in error,
 * which could not take it while disabled, or else back to the field the browser took it from
 * as it was disabled (Enter pressed in it), unless it went somewhere meanwhile. The footer's
 * buttons stay outside: they see to their own focus.
 */
export function SavingFields({
  isSaving,
  focusFirstError,
  children,
}: {
  isSaving: boolean;
  /** Focuses the first field in error, if one is; answers whether one was (form-errors.ts). */
  focusFirstError: () => boolean;
  children: ReactNode;
}) {
  const fieldsRef = useRef<HTMLFieldSetElement>(null);
  const lostField = useRef<HTMLElement | null>(null);
  const wasSaving = useRef(false);
  useEffect(() => {
    const fields = fieldsRef.current;
    const hasSaved = wasSaving.current && !isSaving;
    wasSaving.current = isSaving;
    if (!hasSaved || !fields) return;
    const lost = lostField.current;
    lostField.current = null;
    if (focusFirstError()) return;
    const focused = document.activeElement;
    if (lost?.isConnected && (!focused || focused === document.body)) lost.focus();
    // Only as a save ends: the form's callback is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isSaving]);
  const noteLostFocus = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (!event.currentTarget.disabled || event.relatedTarget !== null) return;
    if (event.target instanceof HTMLElement) lostField.current = event.target;
  };
  return (
    <fieldset ref={fieldsRef} disabled={isSaving} className="contents" onBlur={noteLostFocus}>
      {children}
    </fieldset>
  );
}
