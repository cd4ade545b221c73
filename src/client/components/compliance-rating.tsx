import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import { complianceBand, type ComplianceBand } from '#shared/compliance.ts';
import { cn } from '#client/lib/utils.ts';

/** Text colours that keep AA contrast on white (700 shades) and on the dark cards (400 shades). */
export const bandTextClass: Record<ComplianceBand, string> = {
  green: 'text-green-700 dark:text-green-400',
  amber: 'text-amber-700 dark:text-amber-400',
  red: 'text-red-700 dark:text-red-400',
};

/**
 * Fills for bars and dots in a band's colour: 600 shades keep the 3:1 contrast that WCAG asks
 * of graphics on white (amber-500 would not), and on the dark cards too (3.7:1 and more).
 */
export const bandFillClass: Record<ComplianceBand, string> = {
  green: 'bg-green-600',
  amber: 'bg-amber-600',
  red: 'bg-red-600',
};

/** The band in words, for people who cannot tell the colours or icons apart. */
export const bandName: Record<ComplianceBand, string> = {
  green: 'on track',
  amber: 'needs attention',
  red: 'off track',
};

/** The band in words as a label of its own: 'On track'. */
export function bandLabel(band: ComplianceBand): string {
  const name = bandName[band];
  return name.charAt(0).toUpperCase() + name.slice(1);
}

const bandIcon = { green: CircleCheck, amber: TriangleAlert, red: CircleX };

/**
 * A compliance rating as the product shows it: the band's icon and the percentage in the band's
 * colour (≥ 90 green check, 75–89 amber warning, below 75 red cross). The band is also said in
 * words to assistive technology.
 */
export function ComplianceRating({ rating, className }: { rating: number; className?: string }) {
  const band = complianceBand(rating);
  const Icon = bandIcon[band];
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 font-medium', bandTextClass[band], className)}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {rating}%<span className="sr-only"> ({bandName[band]})</span>
    </span>
  );
}
