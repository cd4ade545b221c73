import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils.ts';

const skeletonVariants = cva('bg-muted animate-pulse', {
  variants: {
    /** The corners of what it stands for: a field or a tile, a card, a picture or a gauge. */
    shape: { default: 'rounded-md', card: 'rounded-xl', round: 'rounded-full' },
  },
  defaultVariants: { shape: 'default' },
});

export function Skeleton({
  className,
  shape,
  ...props
}: ComponentProps<'div'> & VariantProps<typeof skeletonVariants>) {
  return <div className={cn(skeletonVariants({ shape }), className)} {...props} />;
}
