import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils.ts';

/** `className` places the input: its width (the whole line when no `className` is given). */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'border-input bg-background placeholder:text-muted-foreground focus-visible:ring-ring focus-visible:ring-offset-background flex h-10 min-w-0 rounded-md border px-3 py-2 text-base shadow-xs transition-colors outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 md:text-sm',
        'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive',
        'file:text-foreground file:border-0 file:bg-transparent file:text-sm file:font-medium',
        className ?? 'w-full',
      )}
      {...props}
    />
  );
}
