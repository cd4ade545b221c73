import { COMPLIANCE_BANDS } from './constants.ts';

/** green ≥ 90 (check), amber 75–89 (warning), red < 75 (cancel): dashboard, history, analytics. */
export type ComplianceBand = 'green' | 'amber' | 'red';
export const COMPLIANCE_BAND_NAMES = ['green', 'amber', 'red'] as const;

export function complianceBand(rating: number): ComplianceBand {
  if (rating >= COMPLIANCE_BANDS.green) return 'green';
  if (rating >= COMPLIANCE_BANDS.amber) return 'amber';
  return 'red';
}

/** The ratings a band covers, inclusive: the history filter asks the database for these. */
export function bandRange(band: ComplianceBand): { min: number; max: number } {
  if (band === 'green') return { min: COMPLIANCE_BANDS.green, max: 100 };
  if (band === 'amber') return { min: COMPLIANCE_BANDS.amber, max: COMPLIANCE_BANDS.green - 1 };
  return { min: 0, max: COMPLIANCE_BANDS.amber - 1 };
}

/** The details page's word for a rating. */
export function complianceLabel(rating: number): string {
  if (rating >= 90) return 'Excellent';
  if (rating >= 70) return 'Good';
  if (rating >= 50) return 'Fair';
  return 'Needs Improvement';
}

/** A session's rating: `round(100 × followed / total)`, half up, 0 for an empty checklist. */
export function complianceRating(followed: number, total: number): number {
  return total === 0 ? 0 : Math.floor((200 * followed + total) / (2 * total));
}
