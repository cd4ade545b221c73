import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  useWatch,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';
import { changedFields, readDraft, takeDraft, watchForDraft } from '#client/lib/drafts.ts';
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

/**
 * The fields of a card's change (`values`, as the form would send them) whose shown value is
 * not the saved one. A card sends only what the trader changed: a field it merely showed would
 * otherwise write back its old value over a change made since on another device or in another
 * tab, which this card has not read yet. Compared as `sameSettings` compares, as the card's
 * unsaved state is, not by exact text as `changedFields` (drafts) does: a field the card does
 * not call changed is never sent.
 */
export function changedSettings<Values extends object>(
  values: Values,
  shown: object,
  saved: object,
): Partial<Values> {
  const before = saved as Record<string, unknown>;
  const now = shown as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(values).filter(([key]) => !sameSettings(now[key], before[key])),
  ) as Partial<Values>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The card's key among the drafts and the user whose card it is; `sending`, the values its
 * save under way began with (`useSaveSettings`), null when none is.
 */
type SettingsCard<Values> = { key: string; writer: number; sending: Values | null };

/**
 * A settings card whose form shows something other than what is saved holds unsaved changes:
 * leaving the page asks first (docs/decisions/0065), and a login that ends keeps the changed
 * fields as a draft that the same user gets back on the same card (decision 64). Compared
 * with the saved values, not with the form's own dirtiness: a card keeps what is being typed
 * when the saved user changes. `isRestored` while a draft given back is not saved yet.
 *
 * What a save under way carries is not unsaved: the request is on its way and ends whether the
 * page stays or not, so leaving then asks nothing (its answer, success or refusal, is a toast
 * on the next page). What is typed after the save began counts, and all of it again when the
 * save fails while the card is shown.
 */
export function useUnsavedSettings<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  saved: Values,
  { key, writer, sending }: SettingsCard<Values>,
) {
  const shown = useWatch({ control: form.control }) as Values;
  const isChanged = !sameSettings(shown, saved);
  // Leaving does not lose what a save under way carries; a login that ends keeps it as a
  // draft all the same (that save is the request the server refuses).
  const isBeingSaved = sending !== null && sameSettings(shown, sending);
  useUnsavedChanges(isChanged && !isBeingSaved);

  const latest = useRef({ form, shown, saved, isChanged });
  useLayoutEffect(() => {
    latest.current = { form, shown, saved, isChanged };
  });
  // Read as the card first renders, given back (and removed) as it mounts, below.
  const [isRestored] = useState(() => readDraft(key, writer) !== null);
  useLayoutEffect(() => {
    const kept = takeDraft(key, writer);
    if (kept) {
      const { form: card, saved: fields } = latest.current;
      for (const [name, value] of Object.entries(kept)) {
        // Only the card's own fields: a draft edited by hand names no other.
        if (!(name in fields)) continue;
        card.setValue(name as Path<Values>, value as PathValue<Values, Path<Values>>, {
          shouldDirty: true,
        });
      }
    }
    return watchForDraft({
      key,
      values: () =>
        latest.current.isChanged ? changedFields(latest.current.shown, latest.current.saved) : null,
    });
  }, [key, writer]);

  // A field that now shows what is saved follows the saved user again. The cards take the
  // saved user as the form's values while keeping what the form counts as changed (what is
  // being typed), and the form counts a field changed until it is reset: a field saved once
  // kept its value through every later answer, so a change made on another device showed as
  // an unsaved one here, and the next save wrote the old value back. After the form's own
  // reset (its effect runs first: the card calls useForm before this).
  const savedKey = JSON.stringify(saved);
  useEffect(() => {
    const { form: card, saved: fields } = latest.current;
    for (const name of Object.keys(fields) as Path<Values>[]) {
      const value = fields[name] as PathValue<Values, Path<Values>>;
      if (card.getFieldState(name).isDirty && sameSettings(card.getValues(name), value)) {
        card.resetField(name, { defaultValue: value });
      }
    }
  }, [savedKey]);

  return { isRestored: isRestored && isChanged };
}
