import { complianceBand, type ComplianceBand } from '#shared/compliance.ts';
import { bandName, bandTextClass } from '#client/components/compliance-rating.tsx';
import { cn } from '#client/lib/utils.ts';

const sizeClass = {
  small: 'size-12 border-2 text-sm',
  medium: 'size-20 border-4 text-xl',
  large: 'size-28 border-[6px] text-3xl',
} as const;

/**
 * A tinted disc with a ring in the band's colour (600 shade: 3:1 on white and on the dark cards,
 * as graphics need); in dark the tint is a deep shade under the 400 text.
 */
const bandDiscClass: Record<ComplianceBand, string> = {
  green: 'border-green-600 bg-green-50 dark:bg-green-950',
  amber: 'border-amber-600 bg-amber-50 dark:bg-amber-950',
  red: 'border-red-600 bg-red-50 dark:bg-red-950',
};

type ComplianceBadgeProps = { rating: number; size?: keyof typeof sizeClass };

/** A round badge with a rating in its band's colour: 'Compliance 67% (off track)' to a reader. */
export function ComplianceBadge({ rating, size = 'medium' }: ComplianceBadgeProps) {
  const band = complianceBand(rating);
  return (
    <span
      role="img"
      aria-label={`Compliance ${rating}% (${bandName[band]})`}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full font-bold tabular-nums',
        sizeClass[size],
        bandDiscClass[band],
        bandTextClass[band],
      )}
    >
      {rating}%
    </span>
  );
}
