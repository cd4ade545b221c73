import { describe, expect, it } from 'vitest';
import { bandRange, complianceBand, complianceLabel, complianceRating } from './compliance.ts';

describe('compliance', () => {
  it('rates a checklist as round(100 × followed / total), half up, 0 when empty', () => {
    for (let total = 0; total <= 40; total += 1) {
      for (let followed = 0; followed <= total; followed += 1) {
        const expected = total === 0 ? 0 : Math.round((100 * followed) / total);
        expect(complianceRating(followed, total), `${followed}/${total}`).toBe(expected);
      }
    }
  });

  it('bands at 90 and 75, and each band covers exactly its ratings', () => {
    expect([100, 90, 89, 75, 74, 0].map(complianceBand)).toEqual([
      'green',
      'green',
      'amber',
      'amber',
      'red',
      'red',
    ]);
    for (let rating = 0; rating <= 100; rating += 1) {
      const { min, max } = bandRange(complianceBand(rating));
      expect(rating >= min && rating <= max, String(rating)).toBe(true);
    }
  });

  it('labels at 90, 70 and 50', () => {
    expect([90, 89, 70, 69, 50, 49].map(complianceLabel)).toEqual([
      'Excellent',
      'Good',
      'Good',
      'Fair',
      'Fair',
      'Needs Improvement',
    ]);
  });
});
