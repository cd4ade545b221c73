import { Slot } from 'radix-ui';
import { useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';
import { Label } from './label.tsx';

type FormFieldProps = {
  label: ReactNode;
  /** A standing explanation under the control. */
  hint?: ReactNode;
  /** The validation message shown under the control. */
  error?: string | undefined;
  /** The control's id; give it here, not to the control, so that the label points at it. */
  id?: string;
  className?: string;
  /** One control (an Input, a Textarea, a Select trigger...): it gets the id and aria wiring. */
  children: ReactElement;
};

/**
 * A labelled control with its hint and validation message tied to it for assistive technology:
 * `aria-invalid` while there is an error, `aria-describedby` naming the hint and the error.
 */
export function FormField({ label, hint, error, id, className, children }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={controlId}>{label}</Label>
      <Slot.Root
        id={controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      >
        {children}
      </Slot.Root>
      {hint ? (
        <p id={hintId} className="text-muted-foreground text-sm">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-destructive text-sm font-medium">
          {error}
        </p>
      ) : null}
    </div>
  );
}
