import { describe, expect, it } from 'vitest';
import { calendarDate, isCalendarDate, toCalendarDay, toWireDate } from './common.ts';

describe('calendar dates', () => {
  it('names real days only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-3-14')).toBe(false);
    expect(isCalendarDate('1899-12-31')).toBe(false);
  });

  it('travel as midnight UTC and come back as the same day', () => {
    expect(toWireDate('2026-03-14')).toBe('2026-03-14T00:00:00.000Z');
    expect(toCalendarDay(toWireDate('2026-03-14'))).toBe('2026-03-14');
  });

  it('are accepted as the day or as its midnight UTC, nothing else', () => {
    const schema = calendarDate('Date');
    expect(schema.parse('2026-03-14')).toBe('2026-03-14');
    expect(schema.parse('2026-03-14T00:00:00Z')).toBe('2026-03-14');
    expect(schema.safeParse('2026-03-14T01:00:00.000Z').success).toBe(false);
    expect(schema.safeParse('').error?.issues[0]?.message).toBe('Date is required');
  });
});
