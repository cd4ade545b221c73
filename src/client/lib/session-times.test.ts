import { describe, expect, test } from 'vitest';
import type { SessionType } from '#shared/schemas/sessions.ts';
import { localTimeRange, minutesOfDay } from './session-times.ts';

const sydney: SessionType = {
  id: 1,
  name: 'Sydney',
  startTime: '22:00',
  endTime: '07:00',
  description: null,
};
const london: SessionType = {
  id: 3,
  name: 'London',
  startTime: '08:00',
  endTime: '17:00',
  description: null,
};

describe('session times', () => {
  test('HH:MM in UTC is minutes after midnight; anything else is no time', () => {
    expect(minutesOfDay('00:00')).toBe(0);
    expect(minutesOfDay('13:30')).toBe(810);
    expect(minutesOfDay('23:59')).toBe(1439);
    for (const bad of ['24:00', '12:60', '8:00', '08:00:00', '', 'noon']) {
      expect(minutesOfDay(bad), bad).toBeNull();
    }
  });

  test('local times follow the trader’s time zone on the given day', () => {
    const previous = process.env.TZ;
    try {
      process.env.TZ = 'Europe/London';
      // Winter: London is on UTC; summer: an hour ahead (British Summer Time).
      expect(localTimeRange(london, new Date('2026-01-15T12:00:00Z'), 'en-GB')).toBe('08:00–17:00');
      expect(localTimeRange(london, new Date('2026-07-15T12:00:00Z'), 'en-GB')).toBe('09:00–18:00');
      process.env.TZ = 'Asia/Tokyo';
      // Sydney's session crosses midnight in UTC; in Tokyo it runs from morning to afternoon.
      expect(localTimeRange(sydney, new Date('2026-07-15T12:00:00Z'), 'en-GB')).toBe('07:00–16:00');
      process.env.TZ = 'America/New_York';
      expect(localTimeRange(sydney, new Date('2026-07-15T12:00:00Z'), 'en-GB')).toBe('18:00–03:00');
    } finally {
      if (previous === undefined) delete process.env.TZ;
      else process.env.TZ = previous;
    }
  });
});
