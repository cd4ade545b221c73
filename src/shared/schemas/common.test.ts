import { describe, expect, it } from 'vitest';
import {
  calendarDate,
  idParam,
  idSchema,
  isCalendarDate,
  optionalText,
  requiredText,
  toCalendarDay,
  toWireDate,
} from './common.ts';

/** The messages of a refused value, in order; none for an accepted one. */
function messages(result: { error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('calendar dates', () => {
  it('names real days only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-3-14')).toBe(false);
    expect(isCalendarDate('1899-12-31')).toBe(false);
    expect(isCalendarDate('1900-01-01')).toBe(true);
    expect(isCalendarDate('9998-12-31')).toBe(true);
    expect(isCalendarDate('9999-12-31')).toBe(false);
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
    expect(messages(schema.safeParse(''))).toEqual(['Date is required']);
    expect(messages(schema.safeParse('2026-02-30'))).toEqual([
      'Date must be a date like 2026-03-14',
    ]);
    // A real day outside the years says which years.
    expect(messages(schema.safeParse('1899-12-31'))).toEqual([
      'Date must be in the years 1900 to 9998',
    ]);
    expect(messages(schema.safeParse('9999-01-01'))).toEqual([
      'Date must be in the years 1900 to 9998',
    ]);
    // A year under 100 is a year under 100 (as the history's field passes through 0002).
    expect(messages(schema.safeParse('0099-01-01'))).toEqual([
      'Date must be in the years 1900 to 9998',
    ]);
    expect(messages(schema.safeParse('0099-02-29'))).toEqual([
      'Date must be a date like 2026-03-14',
    ]);
    expect(schema.parse('1900-01-01')).toBe('1900-01-01');
    expect(schema.parse('9998-12-31')).toBe('9998-12-31');
  });
});

// The helpers build each field in as few schema objects as they can (one check for several
// faults); what a trader is told must not change with that.
describe('text fields', () => {
  const name = requiredText({ label: 'Name', max: 5 });

  it('trim, then count what is left', () => {
    expect(name.parse('  abc  ')).toBe('abc');
    expect(messages(name.safeParse('   '))).toEqual(['Name is required']);
    expect(messages(name.safeParse('abcdef'))).toEqual(['Name must be at most 5 characters']);
    expect(messages(name.safeParse(3))).toEqual(['Name must be text']);
    expect(messages(name.safeParse(undefined))).toEqual(['Name is required']);
  });

  it('report every fault of the characters, in one answer', () => {
    expect(messages(name.safeParse('a\u0000\u202E\uD800'))).toEqual([
      'Name must be valid Unicode text',
      'Name must not contain control characters',
      'Name must not contain bidirectional control characters',
    ]);
  });

  it('let notes hold line breaks and bidirectional text, not other controls', () => {
    const notes = optionalText({ label: 'Notes', max: 50, isMultiLine: true });
    expect(notes.parse(' a\r\n\tb \u202E ')).toBe('a\r\n\tb \u202E');
    expect(notes.parse('   ')).toBeUndefined();
    expect(messages(notes.safeParse('a\u0007'))).toEqual([
      'Notes must not contain control characters',
    ]);
  });
});

describe('ids', () => {
  it('in a body: positive whole numbers PostgreSQL can hold', () => {
    const id = idSchema('Rule id');
    expect(id.parse(2_147_483_647)).toBe(2_147_483_647);
    for (const refused of [0, -1, 1.5, 2_147_483_648, 1e20, '1', null]) {
      // 1e20 is past both the safe integers and the bound: the same words, twice.
      expect(new Set(messages(id.safeParse(refused)))).toEqual(
        new Set(['Rule id must be a positive whole number']),
      );
    }
  });

  it('in a path: decimal digits only, with the same bounds', () => {
    const id = idParam('Session id');
    expect(id.parse('2147483647')).toBe(2_147_483_647);
    for (const refused of ['0', '01', '-1', '1.5', '1e3', '2147483648', '99999999999', 'abc', '']) {
      expect(messages(id.safeParse(refused))).toEqual([
        'Session id must be a positive whole number',
      ]);
    }
  });
});
