import { describe, expect, it } from 'vitest';
import { sameSettings } from './unsaved-settings.ts';

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
