import { describe, expect, it } from 'vitest';
import { formatSessionDate, todayLocal } from './dates.ts';

describe('session dates', () => {
  it('shows the calendar day of a wire date as MMM d, yyyy', () => {
    expect(formatSessionDate('2026-03-14T00:00:00.000Z')).toBe('Mar 14, 2026');
    expect(formatSessionDate('2026-12-31T00:00:00.000Z')).toBe('Dec 31, 2026');
    expect(formatSessionDate('2026-01-01')).toBe('Jan 1, 2026');
  });

  it("takes today from the local clock's day", () => {
    expect(todayLocal(new Date(2026, 2, 14, 23, 59))).toBe('2026-03-14');
    expect(todayLocal(new Date(2026, 2, 15, 0, 1))).toBe('2026-03-15');
  });
});
