import type { FieldValues, Path, UseFormSetError, UseFormSetFocus } from 'react-hook-form';
import type { ApiError } from '#shared/schemas/common.ts';
import { HttpError } from './api-client.ts';

type Issue = NonNullable<ApiError['issues']>[number];

/**
 * Sorts a 400's issues into those about a field on screen (one per field, in the order the
 * fields are shown, so the first is the one to focus) and the rest.
 */
export function splitIssues<Field extends string>(
  issues: readonly Issue[],
  fields: readonly Field[],
): { fieldIssues: { field: Field; message: string }[]; otherIssues: Issue[] } {
  const byField = new Map<string, string>();
  const otherIssues: Issue[] = [];
  for (const issue of issues) {
    if (!(fields as readonly string[]).includes(issue.path)) otherIssues.push(issue);
    else if (!byField.has(issue.path)) byField.set(issue.path, issue.message);
  }
  const fieldIssues = fields.flatMap((field) => {
    const message = byField.get(field);
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
): { mapped: number; unmapped: Issue[] } {
  if (!(error instanceof HttpError) || !error.issues) return { mapped: 0, unmapped: [] };
  const { fieldIssues, otherIssues } = splitIssues(error.issues, fields);
  for (const { field, message } of fieldIssues) {
    form.setError(field, { type: 'server', message });
  }
  const first = fieldIssues[0];
  if (first) form.setFocus(first.field);
  return { mapped: fieldIssues.length, unmapped: otherIssues };
}
