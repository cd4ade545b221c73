import { complianceBand } from '#shared/compliance.ts';
import { bandLabel, bandTextClass } from '#client/components/compliance-rating.tsx';
import { cn } from '#client/lib/utils.ts';

/** A table's rating: the percentage in the band's colour, the band in words below it. */
export function BandFigure({ rating }: { rating: number }) {
  const band = complianceBand(rating);
  return (
    <>
      <span className={cn('block font-semibold', bandTextClass[band])}>{rating}%</span>
      <span className="text-muted-foreground block text-xs">{bandLabel(band)}</span>
    </>
  );
}
