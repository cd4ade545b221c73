import { complianceBand } from '#shared/compliance.ts';
import { bandLabel, bandName, bandTextClass } from '#client/components/compliance-rating.tsx';
import { cn } from '#client/lib/utils.ts';
import { bandColor } from './band-colors.ts';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * A rating as a ring filled to its percentage in the band's colour, the figure in the middle
 * and the band in words below. Plain SVG: the page's first card needs no chart library.
 * Assistive technology reads it as a meter: 'Overall compliance, 67%, off track'.
 */
export function ComplianceGauge({ rating, label }: { rating: number; label: string }) {
  const band = complianceBand(rating);
  return (
    <div className="flex flex-col items-center gap-2">
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rating}
        aria-valuetext={`${rating}%, ${bandName[band]}`}
        className="relative size-40"
      >
        <svg viewBox="0 0 120 120" aria-hidden="true" className="size-full -rotate-90">
          <circle
            cx="60"
            cy="60"
            r={RADIUS}
            fill="none"
            strokeWidth="12"
            className="stroke-muted"
          />
          <circle
            cx="60"
            cy="60"
            r={RADIUS}
            fill="none"
            strokeWidth="12"
            strokeLinecap={rating > 0 ? 'round' : 'butt'}
            stroke={bandColor[band]}
            strokeDasharray={`${(CIRCUMFERENCE * rating) / 100} ${CIRCUMFERENCE}`}
          />
        </svg>
        <span
          aria-hidden="true"
          className={cn(
            'absolute inset-0 flex items-center justify-center text-4xl font-bold tabular-nums',
            bandTextClass[band],
          )}
        >
          {rating}%
        </span>
      </div>
      <p aria-hidden="true" className={cn('font-semibold', bandTextClass[band])}>
        {bandLabel(band)}
      </p>
    </div>
  );
}
