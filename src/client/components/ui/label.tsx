import { cva, type VariantProps } from 'class-variance-authority';
import { Label as LabelPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils.ts';

const labelVariants = cva(
  'text-sm select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70',
  {
    variants: {
      /**
       * `field` names a field above it; `choice` is the words beside a checkbox, in the text's
       * own weight, its line height the caller's (one line, or a wrapping rule); `toggle` names
       * a switch beside it, in a field's weight, with room between its lines when it wraps on
       * a phone (a field's lines touched).
       */
      variant: {
        field: 'leading-none font-medium',
        choice: 'font-normal',
        toggle: 'leading-snug font-medium',
      },
    },
    defaultVariants: { variant: 'field' },
  },
);

export function Label({
  className,
  variant,
  ...props
}: ComponentProps<typeof LabelPrimitive.Root> & VariantProps<typeof labelVariants>) {
  return <LabelPrimitive.Root className={cn(labelVariants({ variant }), className)} {...props} />;
}
