import { describe, expect, it } from 'vitest';
import { parseHistoryFilters } from './use-history-filters.ts';

describe('history filters in the URL', () => {
  it('reads every filter', () => {
    expect(
      parseHistoryFilters(new URLSearchParams('from=2026-03-01&to=2026-03-31&type=3&band=red')),
    ).toEqual({ from: '2026-03-01', to: '2026-03-31', sessionTypeId: 3, band: 'red' });
  });

  it('reads no filter as none', () => {
    expect(parseHistoryFilters(new URLSearchParams(''))).toEqual({
      from: undefined,
      to: undefined,
      sessionTypeId: undefined,
      band: undefined,
    });
  });

  it('ignores each value the server would refuse, keeping the others', () => {
    const params = new URLSearchParams(
      'from=2026-02-30&to=yesterday&type=0&band=purple&from=2026-03-01',
    );
    expect(parseHistoryFilters(params)).toEqual({
      from: undefined,
      to: undefined,
      sessionTypeId: undefined,
      band: undefined,
    });
    expect(parseHistoryFilters(new URLSearchParams('type=2147483648&band=amber'))).toEqual({
      from: undefined,
      to: undefined,
      sessionTypeId: undefined,
      band: 'amber',
    });
    expect(parseHistoryFilters(new URLSearchParams('type=1e3&to=2026-03-31'))).toMatchObject({
      to: '2026-03-31',
      sessionTypeId: undefined,
    });
  });
});
