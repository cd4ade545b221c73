import { describe, expect, test } from 'vitest';
import {
  calendarLayout,
  calendarRange,
  dayLabel,
  longDate,
  movedIndex,
  weekdayIndex,
} from './calendar-layout.ts';

describe('the discipline calendar grid', () => {
  test('the last 12 months end today and start 364 days before', () => {
    expect(calendarRange('2026-03-14')).toEqual({ from: '2025-03-15', to: '2026-03-14' });
    expect(calendarRange('2024-12-31')).toEqual({ from: '2024-01-02', to: '2024-12-31' });
  });

  test('weeks are columns of Monday to Sunday, at most 53 for a year', () => {
    // 2026-03-14 is a Saturday; 2025-03-15 too.
    expect(weekdayIndex('2026-03-14')).toBe(5);
    expect(weekdayIndex('2026-03-16')).toBe(0);
    const { days, weeks, months } = calendarLayout('2025-03-15', '2026-03-14');
    expect(days).toHaveLength(365);
    expect(weeks).toHaveLength(53);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0]).toEqual([null, null, null, null, null, 0, 1]);
    expect(weeks.at(-1)).toEqual([359, 360, 361, 362, 363, 364, null]);
    expect(weeks.flat().filter((slot) => slot !== null)).toHaveLength(365);
    // From Saturday 15 March: three columns of March before April's (31 March – 6 April).
    expect(months.slice(0, 2)).toEqual([
      { week: 0, label: 'Mar' },
      { week: 3, label: 'Apr' },
    ]);
    expect(months).toHaveLength(13);
    // A range starting on the 1st names its month at once.
    expect(calendarLayout('2025-11-01', '2026-10-31').months[0]).toEqual({ week: 0, label: 'Nov' });
    // From Saturday 22 November, December starts in the third column: no room for 'Nov'.
    expect(calendarLayout('2025-11-22', '2026-11-21').months[0]).toEqual({
      week: 2,
      label: 'Dec',
    });
  });

  test('a year that starts on a Sunday needs 54 columns at most', () => {
    const { weeks } = calendarLayout('2023-01-01', '2023-12-31');
    expect(weeks.length).toBeLessThanOrEqual(54);
    expect(weeks[0]![6]).toBe(0);
  });

  test('each day is named with its date, sessions, rating and band', () => {
    expect(longDate('2026-03-14')).toBe('14 March 2026');
    expect(
      dayLabel('2026-03-14', {
        date: '2026-03-14',
        sessionCount: 2,
        complianceRating: 83,
        band: 'amber',
      }),
    ).toBe('14 March 2026: 2 sessions, 83%, amber');
    expect(
      dayLabel('2026-03-01', {
        date: '2026-03-01',
        sessionCount: 1,
        complianceRating: 100,
        band: 'green',
      }),
    ).toBe('1 March 2026: 1 session, 100%, green');
    expect(dayLabel('2026-03-02', undefined)).toBe('2 March 2026: no sessions');
  });

  test('arrows move a day up or down and a week sideways, within the range', () => {
    expect(movedIndex(10, 'ArrowDown', 365)).toBe(11);
    expect(movedIndex(10, 'ArrowUp', 365)).toBe(9);
    expect(movedIndex(10, 'ArrowRight', 365)).toBe(17);
    expect(movedIndex(10, 'ArrowLeft', 365)).toBe(3);
    expect(movedIndex(3, 'ArrowLeft', 365)).toBe(0);
    expect(movedIndex(362, 'ArrowRight', 365)).toBe(364);
    expect(movedIndex(0, 'ArrowUp', 365)).toBe(0);
    expect(movedIndex(100, 'Home', 365)).toBe(0);
    expect(movedIndex(100, 'End', 365)).toBe(364);
    expect(movedIndex(100, 'Enter', 365)).toBeNull();
  });
});
