import { describe, expect, test } from 'vitest';
import type { SessionType } from '#shared/schemas/sessions.ts';
import { isTradingWeek, nextReminder, reminderBody, reminderTitle } from './next-reminder.ts';

/** The seeded list (times in UTC). */
const types: SessionType[] = [
  { id: 1, name: 'Sydney', startTime: '22:00', endTime: '07:00', description: null },
  { id: 2, name: 'Tokyo', startTime: '00:00', endTime: '09:00', description: null },
  { id: 3, name: 'London', startTime: '08:00', endTime: '17:00', description: null },
  { id: 4, name: 'New York', startTime: '13:00', endTime: '22:00', description: null },
  {
    id: 5,
    name: 'London-New York overlap',
    startTime: '13:00',
    endTime: '17:00',
    description: null,
  },
];

const at = (iso: string) => new Date(iso);

function plan(ids: number[], minutesBefore: number, after: string) {
  const reminder = nextReminder(types, { sessionTypeIds: ids, minutesBefore }, at(after));
  return (
    reminder && {
      names: reminder.sessionTypes.map((type) => type.name),
      opensAt: reminder.opensAt.toISOString(),
      remindAt: reminder.remindAt.toISOString(),
    }
  );
}

describe('the next reminder', () => {
  test('is the chosen session opening today minus the lead time', () => {
    expect(plan([3], 15, '2026-03-10T06:00:00Z')).toEqual({
      names: ['London'],
      opensAt: '2026-03-10T08:00:00.000Z',
      remindAt: '2026-03-10T07:45:00.000Z',
    });
  });

  test('moves to tomorrow once today’s reminder time has passed, even before the open', () => {
    // 07:50 is after 07:45: the reminder for today is gone, the next is tomorrow's.
    expect(plan([3], 15, '2026-03-10T07:50:00Z')?.remindAt).toBe('2026-03-11T07:45:00.000Z');
    // Exactly at the reminder instant: that one is being shown, the next is tomorrow's.
    expect(plan([3], 15, '2026-03-10T07:45:00Z')?.remindAt).toBe('2026-03-11T07:45:00.000Z');
    expect(plan([3], 15, '2026-03-10T07:44:59.999Z')?.remindAt).toBe('2026-03-10T07:45:00.000Z');
  });

  test('crosses midnight: a lead before a 00:00 open falls on the previous UTC day', () => {
    expect(plan([2], 15, '2026-03-10T20:00:00Z')).toEqual({
      names: ['Tokyo'],
      opensAt: '2026-03-11T00:00:00.000Z',
      remindAt: '2026-03-10T23:45:00.000Z',
    });
    // Sydney opens at 22:00 and closes the next morning: only its opening counts.
    expect(plan([1], 30, '2026-03-10T23:00:00Z')).toEqual({
      names: ['Sydney'],
      opensAt: '2026-03-11T22:00:00.000Z',
      remindAt: '2026-03-11T21:30:00.000Z',
    });
  });

  test('crosses month and year ends', () => {
    expect(plan([2], 60, '2026-12-31T22:30:00Z')).toEqual({
      names: ['Tokyo'],
      opensAt: '2027-01-01T00:00:00.000Z',
      remindAt: '2026-12-31T23:00:00.000Z',
    });
  });

  test('takes lead times from none to a whole day', () => {
    expect(plan([3], 0, '2026-03-10T06:00:00Z')?.remindAt).toBe('2026-03-10T08:00:00.000Z');
    expect(plan([3], 90, '2026-03-10T06:00:00Z')?.remindAt).toBe('2026-03-10T06:30:00.000Z');
    // A day before: the reminder for tomorrow's London is at today's London open.
    expect(plan([3], 1440, '2026-03-10T06:00:00Z')).toEqual({
      names: ['London'],
      opensAt: '2026-03-11T08:00:00.000Z',
      remindAt: '2026-03-10T08:00:00.000Z',
    });
    expect(plan([3], 1440, '2026-03-10T09:00:00Z')?.remindAt).toBe('2026-03-11T08:00:00.000Z');
  });

  test('with several types, the soonest wins, and types opening together come together', () => {
    expect(plan([4, 3, 1], 15, '2026-03-10T09:00:00Z')?.names).toEqual(['New York']);
    expect(plan([4, 3, 1], 15, '2026-03-10T13:00:00Z')?.names).toEqual(['Sydney']);
    expect(plan([4, 3, 1], 15, '2026-03-10T22:00:00Z')).toEqual({
      names: ['London'],
      opensAt: '2026-03-11T08:00:00.000Z',
      remindAt: '2026-03-11T07:45:00.000Z',
    });
    expect(plan([5, 4], 10, '2026-03-10T09:00:00Z')).toEqual({
      names: ['New York', 'London-New York overlap'],
      opensAt: '2026-03-10T13:00:00.000Z',
      remindAt: '2026-03-10T12:50:00.000Z',
    });
  });

  test('walking reminder after reminder visits each opening once, in order', () => {
    const seen: string[] = [];
    let after = at('2026-03-10T00:30:00Z');
    for (let step = 0; step < 6; step += 1) {
      const reminder = nextReminder(types, { sessionTypeIds: [1, 2, 3], minutesBefore: 45 }, after);
      if (!reminder) throw new Error('expected a reminder');
      seen.push(`${reminder.sessionTypes[0]?.name} ${reminder.remindAt.toISOString()}`);
      after = reminder.remindAt;
    }
    expect(seen).toEqual([
      'London 2026-03-10T07:15:00.000Z',
      'Sydney 2026-03-10T21:15:00.000Z',
      'Tokyo 2026-03-10T23:15:00.000Z',
      'London 2026-03-11T07:15:00.000Z',
      'Sydney 2026-03-11T21:15:00.000Z',
      'Tokyo 2026-03-11T23:15:00.000Z',
    ]);
  });

  test('skips the weekend: no market opens from Friday 22:00 to Sunday 22:00 UTC', () => {
    // Friday 13 March 2026, after London's open: its next is Monday's.
    expect(plan([3], 15, '2026-03-13T09:00:00Z')).toEqual({
      names: ['London'],
      opensAt: '2026-03-16T08:00:00.000Z',
      remindAt: '2026-03-16T07:45:00.000Z',
    });
    // New York still opens on Friday; Sydney's Friday 22:00 is the week's close, not an open.
    expect(plan([4], 15, '2026-03-13T09:00:00Z')?.opensAt).toBe('2026-03-13T13:00:00.000Z');
    expect(plan([1], 15, '2026-03-13T20:00:00Z')).toEqual({
      names: ['Sydney'],
      opensAt: '2026-03-15T22:00:00.000Z',
      remindAt: '2026-03-15T21:45:00.000Z',
    });
    // Tokyo's Saturday 00:00 is skipped; its Monday 00:00 is reminded on Sunday evening.
    expect(plan([2], 15, '2026-03-13T20:00:00Z')).toEqual({
      names: ['Tokyo'],
      opensAt: '2026-03-16T00:00:00.000Z',
      remindAt: '2026-03-15T23:45:00.000Z',
    });
    // A whole day's lead before Monday's London falls on Sunday, and is found from Friday.
    expect(plan([3], 1440, '2026-03-13T08:30:00Z')?.remindAt).toBe('2026-03-15T08:00:00.000Z');
    // The farthest openings: four days on from a Thursday (Monday's Tokyo, Monday's London
    // reminded a day early).
    expect(plan([2], 60, '2026-03-12T23:30:00Z')?.remindAt).toBe('2026-03-15T23:00:00.000Z');
    expect(plan([3], 1440, '2026-03-12T09:00:00Z')?.remindAt).toBe('2026-03-15T08:00:00.000Z');
  });

  test('knows the markets’ week by the minute', () => {
    expect(isTradingWeek(at('2026-03-13T21:59:59Z'))).toBe(true);
    expect(isTradingWeek(at('2026-03-13T22:00:00Z'))).toBe(false);
    expect(isTradingWeek(at('2026-03-14T12:00:00Z'))).toBe(false);
    expect(isTradingWeek(at('2026-03-15T21:59:00Z'))).toBe(false);
    expect(isTradingWeek(at('2026-03-15T22:00:00Z'))).toBe(true);
    expect(isTradingWeek(at('2026-03-16T00:00:00Z'))).toBe(true);
  });

  test('is none when no session type is chosen, or only unknown ones', () => {
    expect(plan([], 15, '2026-03-10T06:00:00Z')).toBeNull();
    expect(plan([99], 15, '2026-03-10T06:00:00Z')).toBeNull();
    expect(nextReminder([], { sessionTypeIds: [3], minutesBefore: 15 }, new Date())).toBeNull();
  });

  test('ignores a session type whose time is not HH:MM', () => {
    const broken = [{ ...types[2]!, startTime: '8am' }];
    expect(nextReminder(broken, { sessionTypeIds: [3], minutesBefore: 5 }, new Date())).toBeNull();
  });
});

describe('the notification title', () => {
  const london = nextReminder(
    types,
    { sessionTypeIds: [3], minutesBefore: 15 },
    at('2026-03-10T06:00:00Z'),
  )!;

  test('says how long is left when it is shown', () => {
    expect(reminderTitle(london, at('2026-03-10T07:45:00Z'))).toBe('London opens in 15 minutes');
    expect(reminderTitle(london, at('2026-03-10T07:59:00Z'))).toBe('London opens in 1 minute');
    expect(reminderTitle(london, at('2026-03-10T06:30:00Z'))).toBe(
      'London opens in 1 hour 30 minutes',
    );
    expect(reminderTitle(london, at('2026-03-10T06:00:00Z'))).toBe('London opens in 2 hours');
    expect(reminderTitle(london, at('2026-03-10T08:00:00Z'))).toBe('London opens now');
  });

  test('is dropped when a sleeping tab wakes up well after the open', () => {
    expect(reminderTitle(london, at('2026-03-10T08:00:59Z'))).toBe('London opens now');
    expect(reminderTitle(london, at('2026-03-10T08:01:01Z'))).toBeNull();
  });

  test('names every session opening together', () => {
    const both = nextReminder(
      types,
      { sessionTypeIds: [4, 5], minutesBefore: 5 },
      at('2026-03-10T06:00:00Z'),
    )!;
    expect(reminderTitle(both, at('2026-03-10T12:55:00Z'))).toBe(
      'New York and London-New York overlap open in 5 minutes',
    );
  });
});

describe('the notification body', () => {
  const notes = [
    { description: 'Follow stop loss', notes: 'Set it before entry' },
    { description: 'Size by risk', notes: 'One percent per trade' },
  ];

  test('takes the rule reminders in turn and wraps around', () => {
    expect(reminderBody(notes, 0)).toBe('Follow stop loss\nSet it before entry');
    expect(reminderBody(notes, 1)).toBe('Size by risk\nOne percent per trade');
    expect(reminderBody(notes, 2)).toBe('Follow stop loss\nSet it before entry');
    expect(reminderBody(notes, -1)).toBe('Size by risk\nOne percent per trade');
  });

  test('without notes, says where they come from', () => {
    expect(reminderBody([], 3)).toBe(
      'Add notes to your trading rules to see them in your reminders.',
    );
  });
});
