import type { ComplianceBand } from '#shared/compliance.ts';

/**
 * The band colours of the charts' SVG shapes: Tailwind's 600 shades, as `bandFillClass` paints
 * bars in HTML. Each keeps the 3:1 contrast on white that WCAG asks of graphics.
 */
export const bandColor: Record<ComplianceBand, string> = {
  green: '#00a63e',
  amber: '#e17100',
  red: '#e7000b',
};
