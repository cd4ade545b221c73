import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils.ts';

// A card's parts are padded less on a phone, where the screen's width is scarce.

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      // Where focus looks for a stand-in when a control inside has gone (use-return-focus.ts).
      data-card=""
      className={cn('bg-card text-card-foreground rounded-xl border shadow-sm', className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 p-4 sm:p-6', className)} {...props} />;
}

const cardTitleVariants = cva('font-semibold tracking-tight', {
  variants: {
    /** `sm` for the dashboard's widgets, many to a screen. */
    size: { default: 'text-xl leading-none', sm: 'text-lg' },
  },
  defaultVariants: { size: 'default' },
});

/**
 * A `<h3>` by default; pass `asChild` to use another heading level. The child's own classes are
 * added to the title's (a Slot joins them), so they must not set its size again.
 */
export function CardTitle({
  className,
  size,
  asChild = false,
  ...props
}: ComponentProps<'h3'> & VariantProps<typeof cardTitleVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'h3';
  return <Comp className={cn(cardTitleVariants({ size }), className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-muted-foreground text-sm', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-4 pt-0 sm:p-6 sm:pt-0', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex items-center p-4 pt-0 sm:p-6 sm:pt-0', className)} {...props} />;
}
