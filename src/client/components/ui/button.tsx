import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import { useEffect, useRef, type ComponentProps, type FocusEvent } from 'react';
import { cn } from '#client/lib/utils.ts';
import { returnFocus, rowPlaceOf, surroundingsOf, type RowPlace } from './use-return-focus.ts';

export const buttonVariants = cva(
  "focus-visible:ring-ring focus-visible:ring-offset-background inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary-hover shadow-sm',
        destructive:
          'bg-destructive text-destructive-foreground hover:bg-destructive-hover shadow-sm',
        outline:
          'border-input bg-background hover:bg-accent hover:text-accent-foreground border shadow-sm',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        /** An icon button that deletes: red, on a red tint under the pointer. */
        'ghost-destructive': 'text-destructive hover:bg-destructive/10 hover:text-destructive',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 px-3',
        lg: 'h-11 px-8',
        icon: 'size-10',
        'icon-sm': 'size-9',
        'icon-xs': 'size-8',
        /** As tall as its text, for a link that reads as one (`variant: 'link'`). */
        inline: 'h-auto py-2',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (e.g. a link) with the button's look. */
    asChild?: boolean;
  };

/**
 * A button the browser took the focus from because it was disabled (a form's submit button while
 * its request runs) gets it back when enabled again, unless the focus went somewhere meanwhile:
 * after a failed save, a keyboard or screen-reader user is still on the button to try again,
 * not at the top of the page. Chromium moves the focus to the body with a `blur` whose
 * `relatedTarget` is null while the button is disabled; that is what is noted. A button gone
 * before it is enabled again (a deleted row's Delete, a page left when its request succeeded)
 * hands the focus on as a dialog whose opener is gone does: to the next row, what took its
 * place around it (a card's figures after its 'Try again'), or the main content.
 */
function useFocusBackWhenEnabled(disabled: boolean | undefined) {
  const lostToDisabled = useRef<HTMLButtonElement | null>(null);
  const placeWhenLost = useRef<RowPlace | null>(null);
  const surroundingsWhenLost = useRef<Element[]>([]);
  useEffect(() => {
    const button = lostToDisabled.current;
    if (disabled || !button) return;
    lostToDisabled.current = null;
    const focused = document.activeElement;
    if (button.isConnected && (!focused || focused === document.body)) button.focus();
  }, [disabled]);
  useEffect(
    () => () => {
      // After the commit: a row's own cleanups run before the row leaves the page.
      const place = placeWhenLost.current;
      const surroundings = surroundingsWhenLost.current;
      if (lostToDisabled.current) queueMicrotask(() => returnFocus(null, place, surroundings));
    },
    [],
  );
  return (event: FocusEvent<HTMLButtonElement>) => {
    if (event.currentTarget.disabled && event.relatedTarget === null) {
      lostToDisabled.current = event.currentTarget;
      placeWhenLost.current = rowPlaceOf(event.currentTarget);
      surroundingsWhenLost.current = surroundingsOf(event.currentTarget);
    }
  };
}

export function Button({
  className,
  variant,
  size,
  asChild = false,
  disabled,
  onBlur,
  ...props
}: ButtonProps) {
  const noteLostFocus = useFocusBackWhenEnabled(disabled);
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      className={cn(buttonVariants({ variant, size, className }))}
      disabled={disabled}
      onBlur={(event: FocusEvent<HTMLButtonElement>) => {
        noteLostFocus(event);
        onBlur?.(event);
      }}
      {...props}
    />
  );
}
