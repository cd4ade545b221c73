import type { FieldValues, Path, UseFormSetError, UseFormSetFocus } from 'react-hook-form';
import { getErrorMessage, isHttpError } from '#client/lib/api-client.ts';
import { applyServerIssues } from '#client/lib/form-errors.ts';
import { endedTheLogin } from '#client/lib/query-client.ts';
import { toast } from './ui/use-toast.ts';

const VALIDATION_TITLE = 'Validation Error';

type ErrorToastOptions = {
  /** Shown when the error carries no message of the server's (a network failure). */
  fallback: string;
  /** The toast's title; a 400 is always titled 'Validation Error'. */
  title?: string;
};

/**
 * The destructive toast for a failed call: the server's own words, or the fallback. A 401
 * that ended the login is left alone: the app has already said 'Your login has expired'.
 */
export function toastError(error: unknown, { fallback, title = 'Error' }: ErrorToastOptions) {
  if (endedTheLogin(error)) return;
  toast({
    variant: 'destructive',
    title: isHttpError(error, 400) ? VALIDATION_TITLE : title,
    description: getErrorMessage(error, fallback),
  });
}

type FormErrorOptions<Values extends FieldValues> = ErrorToastOptions & {
  form: { setError: UseFormSetError<Values>; setFocus: UseFormSetFocus<Values> };
  /** The form's fields, in the order they are shown. */
  fields: readonly Path<Values>[];
  /** Where the fields sit in the request's body, when not at its top (`splitIssues`). */
  under?: string;
};

/**
 * A failed form submission: field messages of a 400 go beside their fields (the first one
 * focused) and need no toast; anything else, a 400 about no field on screen included, is a toast.
 */
export function reportFormError<Values extends FieldValues>(
  error: unknown,
  { form, fields, under, ...toastOptions }: FormErrorOptions<Values>,
) {
  const { mapped, unmapped } = applyServerIssues(form, error, fields, under);
  const [firstUnmapped] = unmapped;
  if (mapped > 0 && firstUnmapped) {
    toast({ variant: 'destructive', title: VALIDATION_TITLE, description: firstUnmapped.message });
  } else if (mapped === 0) {
    toastError(error, toastOptions);
  }
}
