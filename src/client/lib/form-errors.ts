import type {
  FieldValues,
  Path,
  UseFormGetFieldState,
  UseFormSetError,
  UseFormSetFocus,
} from 'react-hook-form';
import type { ApiError } from '#shared/schemas/common.ts';
import { HttpError } from './api-client.ts';

type Issue = NonNullable<ApiError['issues']>[number];

/**
 * Sorts a 400's issues into those about a field on screen (one per field, in the order the
 * fields are shown, so the first is the one to focus) and the rest. `under`: where the form's
 * fields sit in the request's body, when not at its top ('preferences.reminders' for a settings
 * card: the issue's path is 'preferences.reminders.minutesBefore', the field 'minutesBefore').
 */
export function splitIssues<Field extends string>(
  issues: readonly Issue[],
  fields: readonly Field[],
  under?: string,
): { fieldIssues: { field: Field; message: string }[]; otherIssues: Issue[] } {
  const pathOf = (field: Field) => (under ? `${under}.${field}` : field);
  const paths = new Set(fields.map(pathOf));
  const byPath = new Map<string, string>();
  const otherIssues: Issue[] = [];
  for (const issue of issues) {
    if (!paths.has(issue.path)) otherIssues.push(issue);
    else if (!byPath.has(issue.path)) byPath.set(issue.path, issue.message);
  }
  const fieldIssues = fields.flatMap((field) => {
    const message = byPath.get(pathOf(field));
    return message === undefined ? [] : [{ field, message }];
  });
  return { fieldIssues, otherIssues };
}

type FormErrorTarget<Values extends FieldValues> = {
  setError: UseFormSetError<Values>;
  setFocus: UseFormSetFocus<Values>;
};

/**
 * Shows the field messages of a server refusal (a 400's `issues`; any other answer that names
 * fields is treated alike) beside their fields and focuses the first, as client validation
 * does. Returns how many fields took a message and the issues about no field on screen.
 */
export function applyServerIssues<Values extends FieldValues>(
  form: FormErrorTarget<Values>,
  error: unknown,
  fields: readonly Path<Values>[],
  under?: string,
): { mapped: number; unmapped: Issue[] } {
  if (!(error instanceof HttpError) || !error.issues) return { mapped: 0, unmapped: [] };
  const { fieldIssues, otherIssues } = splitIssues(error.issues, fields, under);
  for (const { field, message } of fieldIssues) {
    form.setError(field, { type: 'server', message });
  }
  const first = fieldIssues[0];
  if (first) form.setFocus(first.field);
  return { mapped: fieldIssues.length, unmapped: otherIssues };
}

/**
 * Focuses the first of `fields` (in the order they are shown) that holds an error; answers
 * whether one did. For a focus asked while the fields could not take it (disabled while their
 * save ran: `SavingFields`).
 */
export function focusFirstError<Values extends FieldValues>(
  form: { getFieldState: UseFormGetFieldState<Values>; setFocus: UseFormSetFocus<Values> },
  fields: readonly Path<Values>[],
): boolean {
  const field = fields.find((name) => form.getFieldState(name).invalid);
  if (field === undefined) return false;
  form.setFocus(field);
  return true;
}
