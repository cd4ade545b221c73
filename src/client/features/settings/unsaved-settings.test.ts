import { describe, expect, it } from 'vitest';
import { changedSettings, sameSettings } from './unsaved-settings.ts';

describe('sameSettings', () => {
  it('compares text as the server stores it, trimmed', () => {
    expect(sameSettings({ fullName: '  Ada Lovelace ' }, { fullName: 'Ada Lovelace' })).toBe(true);
    expect(sameSettings({ fullName: 'Ada' }, { fullName: 'Ada Lovelace' })).toBe(false);
    expect(sameSettings({ fullName: 'ada lovelace' }, { fullName: 'Ada Lovelace' })).toBe(false);
  });

  it('compares switches and numbers exactly, a blank number field being a change', () => {
    expect(sameSettings({ weeklyReports: true }, { weeklyReports: true })).toBe(true);
    expect(sameSettings({ weeklyReports: false }, { weeklyReports: true })).toBe(false);
    expect(sameSettings({ minutesBefore: 15 }, { minutesBefore: 15 })).toBe(true);
    expect(sameSettings({ minutesBefore: Number.NaN }, { minutesBefore: 15 })).toBe(false);
    expect(sameSettings({ minutesBefore: '15' }, { minutesBefore: 15 })).toBe(false);
  });

  it('compares a list of choices in any order', () => {
    expect(sameSettings({ sessionTypeIds: [3, 1] }, { sessionTypeIds: [1, 3] })).toBe(true);
    expect(sameSettings({ sessionTypeIds: [1] }, { sessionTypeIds: [1, 3] })).toBe(false);
    expect(sameSettings({ sessionTypeIds: [1, 2] }, { sessionTypeIds: [1, 3] })).toBe(false);
    expect(sameSettings({ sessionTypeIds: [] }, { sessionTypeIds: [] })).toBe(true);
  });

  it('counts a field on one side only as a change', () => {
    expect(sameSettings({ currency: 'EUR', hideMoney: false }, { currency: 'EUR' })).toBe(false);
    expect(sameSettings({ currency: 'EUR' }, { currency: 'EUR', hideMoney: false })).toBe(false);
    expect(sameSettings({ companyName: '' }, { companyName: '' })).toBe(true);
  });
});

it('a card sends the fields it shows changed, as the form gives them', () => {
  const saved = { fullName: 'Ann', email: 'ann@example.com', companyName: '' };
  // The form's output turns a blank company into null; what is shown is compared, trimmed.
  const shown = { fullName: 'Ann B ', email: 'ann@example.com', companyName: '' };
  const values = { fullName: 'Ann B', email: 'ann@example.com', companyName: null };
  expect(changedSettings(values, shown, saved)).toEqual({ fullName: 'Ann B' });
  expect(changedSettings(values, saved, saved)).toEqual({});
  // A list of choices in another order is no change; another choice is.
  expect(changedSettings({ ids: [2, 1] }, { ids: [2, 1] }, { ids: [1, 2] })).toEqual({});
  expect(changedSettings({ ids: [3] }, { ids: [3] }, { ids: [1] })).toEqual({ ids: [3] });
});
