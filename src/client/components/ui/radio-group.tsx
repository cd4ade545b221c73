import { Circle } from 'lucide-react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils.ts';

/** A radio group: one Tab stop, arrow keys move the choice (Radix roving focus). */
export function RadioGroup({
  className,
  ...props
}: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root className={cn('grid gap-3', className)} {...props} />;
}

/** `focusRing={false}` when what holds the radio shows its focus (a tile that is its label). */
export function RadioGroupItem({
  className,
  focusRing = true,
  ...props
}: ComponentProps<typeof RadioGroupPrimitive.Item> & { focusRing?: boolean }) {
  return (
    <RadioGroupPrimitive.Item
      className={cn(
        'peer border-primary text-primary aspect-square size-4 shrink-0 rounded-full border shadow-xs outline-none disabled:cursor-not-allowed disabled:opacity-50',
        focusRing &&
          'focus-visible:ring-ring focus-visible:ring-offset-background focus-visible:ring-2 focus-visible:ring-offset-2',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator className="flex items-center justify-center">
        <Circle aria-hidden="true" className="size-2 fill-current" />
      </RadioGroupPrimitive.Indicator>
    </RadioGroupPrimitive.Item>
  );
}
