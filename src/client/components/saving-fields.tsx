import { useEffect, useEffectEvent, useRef, type FocusEvent, type ReactNode } from 'react';

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
  const lostField = useRef<HTMLElement | null>(null);
  const wasSaving = useRef(false);
  // The form's latest callback, called only as a save ends (it is new on every render).
  const focusAfterSave = useEffectEvent(() => {
    const lost = lostField.current;
    lostField.current = null;
    if (focusFirstError()) return;
    const focused = document.activeElement;
    if (lost?.isConnected && (!focused || focused === document.body)) lost.focus();
  });
  useEffect(() => {
    const hasSaved = wasSaving.current && !isSaving;
    wasSaving.current = isSaving;
    if (hasSaved) focusAfterSave();
  }, [isSaving]);
  const noteLostFocus = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (!event.currentTarget.disabled || event.relatedTarget !== null) return;
    if (event.target instanceof HTMLElement) lostField.current = event.target;
  };
  return (
    <fieldset disabled={isSaving} className="contents" onBlur={noteLostFocus}>
      {children}
    </fieldset>
  );
}
