import { describe, expect, test } from 'vitest';
import { isoWeekKey, weekJustEnded } from './weeks.ts';

describe('ISO weeks', () => {
  test.each([
    ['2026-11-16', '2026-W47'],
    ['2026-11-22', '2026-W47'],
    ['2026-01-01', '2026-W01'],
    ['2025-12-29', '2026-W01'],
    ['2027-01-03', '2026-W53'],
    ['2021-01-03', '2020-W53'],
    ['2024-12-30', '2025-W01'],
  ])('%s is in %s', (day, key) => {
    expect(isoWeekKey(day)).toBe(key);
  });

  test('the week just ended changes at Monday 12:00 UTC, once its Sunday has ended everywhere', () => {
    expect(weekJustEnded(new Date('2026-11-23T11:59:59.999Z'))).toEqual({
      start: '2026-11-09',
      end: '2026-11-15',
      key: '2026-W46',
    });
    expect(weekJustEnded(new Date('2026-11-23T12:00:00.000Z'))).toEqual({
      start: '2026-11-16',
      end: '2026-11-22',
      key: '2026-W47',
    });
    expect(weekJustEnded(new Date('2026-11-29T23:59:59Z')).key).toBe('2026-W47');
    expect(weekJustEnded(new Date('2026-11-30T11:59:59Z')).key).toBe('2026-W47');
    expect(weekJustEnded(new Date('2026-11-30T12:00:00Z')).key).toBe('2026-W48');
  });
});
