import { describe, expect, it } from 'vitest';
import { splitIssues } from './form-errors.ts';

describe('splitIssues', () => {
  const fields = ['description', 'notes'] as const;

  it('puts field issues in the order the fields are shown', () => {
    const { fieldIssues, otherIssues } = splitIssues(
      [
        { path: 'notes', message: 'Notes are too long' },
        { path: 'description', message: 'Rule description is required' },
      ],
      fields,
    );
    expect(fieldIssues).toEqual([
      { field: 'description', message: 'Rule description is required' },
      { field: 'notes', message: 'Notes are too long' },
    ]);
    expect(otherIssues).toEqual([]);
  });

  it('keeps the first message of a field named twice', () => {
    const { fieldIssues } = splitIssues(
      [
        { path: 'description', message: 'First' },
        { path: 'description', message: 'Second' },
      ],
      fields,
    );
    expect(fieldIssues).toEqual([{ field: 'description', message: 'First' }]);
  });

  it('returns the issues about no field on screen', () => {
    const unknown = { path: 'ruleIds.0', message: 'Invalid input' };
    const whole = { path: '', message: 'Unknown field' };
    const { fieldIssues, otherIssues } = splitIssues([unknown, whole], fields);
    expect(fieldIssues).toEqual([]);
    expect(otherIssues).toEqual([unknown, whole]);
  });

  it('finds the fields where the request holds them, under a path of their own', () => {
    const minutes = { path: 'preferences.reminders.minutesBefore', message: 'Too many minutes' };
    const elsewhere = { path: 'minutesBefore', message: 'Not this form' };
    const { fieldIssues, otherIssues } = splitIssues(
      [elsewhere, minutes],
      ['minutesBefore'],
      'preferences.reminders',
    );
    expect(fieldIssues).toEqual([{ field: 'minutesBefore', message: 'Too many minutes' }]);
    expect(otherIssues).toEqual([elsewhere]);
  });
});
