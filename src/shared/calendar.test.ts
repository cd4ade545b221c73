import { describe, expect, it } from 'vitest';
import { addDays, addMonths, firstDayOf, lastDayOf, monthOf } from './calendar.ts';

describe('calendar-day arithmetic', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays('2026-03-14', -29)).toBe('2026-02-13');
    expect(addDays('2026-01-10', -29)).toBe('2025-12-12');
    expect(addDays('2024-03-29', -29)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });

  it('keeps whole days across daylight-saving changes', () => {
    // Europe and the US change clocks on these weekends; a day of 23 or 25 hours must not
    // move the result by one.
    expect(addDays('2026-03-29', -1)).toBe('2026-03-28');
    expect(addDays('2026-11-02', -89)).toBe('2026-08-05');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
  });

  it('steps months and knows their lengths', () => {
    expect(monthOf('2026-03-14')).toBe('2026-03');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-03', -11)).toBe('2025-04');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(firstDayOf('2026-03')).toBe('2026-03-01');
    expect(lastDayOf('2024-02')).toBe('2024-02-29');
    expect(lastDayOf('2026-02')).toBe('2026-02-28');
    expect(lastDayOf('2026-12')).toBe('2026-12-31');
  });
});
