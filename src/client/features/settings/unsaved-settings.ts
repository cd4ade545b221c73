import { useWatch, type Control, type FieldValues } from 'react-hook-form';
import { useUnsavedChanges } from '#client/lib/unsaved-changes.ts';

/**
 * Whether what a settings form shows is what is saved, as the server would store it: text is
 * compared trimmed (the server trims), a list of choices in any order (a set), and a number
 * field left blank (NaN) is a change.
 */
export function sameSettings(shown: unknown, saved: unknown): boolean {
  if (typeof shown === 'string' && typeof saved === 'string') return shown.trim() === saved.trim();
  if (Array.isArray(shown) && Array.isArray(saved)) {
    const choices = new Set(saved);
    return shown.length === saved.length && shown.every((choice) => choices.has(choice));
  }
  if (isRecord(shown) && isRecord(saved)) {
    const keys = new Set([...Object.keys(shown), ...Object.keys(saved)]);
    return [...keys].every((key) => sameSettings(shown[key], saved[key]));
  }
  return Object.is(shown, saved);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A settings card whose form shows something other than what is saved holds unsaved changes:
 * leaving the page asks first (docs/decisions/0065). Compared with the saved values, not with
 * the form's own dirtiness: a card keeps what is being typed when the saved user changes.
 */
export function useUnsavedSettings<Values extends FieldValues, Output>(
  control: Control<Values, unknown, Output>,
  saved: Values,
) {
  const shown = useWatch({ control });
  useUnsavedChanges(!sameSettings(shown, saved));
}
