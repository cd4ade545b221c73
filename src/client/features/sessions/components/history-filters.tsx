import { X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { ComplianceBand } from '#shared/compliance.ts';
import {
  calendarDateProblem,
  FIRST_CALENDAR_DAY,
  isCalendarDate,
  LAST_CALENDAR_DAY,
  outsideTheYears,
} from '#shared/schemas/common.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { formatSessionType, useSessionTypes } from '../api/get-session-types.ts';
import type { HistoryFilters as Filters } from '../hooks/use-history-filters.ts';
import { SessionTypesFailure } from './session-types-failure.tsx';

/** An option's value is never the empty string, so "no filter" has a name of its own. */
const ALL = 'all';

/** The filters' id: where the keyboard goes on once they are cleared. */
const FILTERS_ID = 'history-filters';

/**
 * Puts the focus on the filters, at their start (Tab goes on to From). Both 'Clear filters'
 * buttons go away as they clear (there is nothing left to clear, and the empty result they sat
 * in is replaced by the list), and the focus would go with them to the top of the document.
 * Not on the first filter itself: a day field taking focus opens a phone's date picker.
 */
export function focusFilters() {
  document.getElementById(FILTERS_ID)?.focus();
}

const bandOptions: { value: ComplianceBand; label: string }[] = [
  { value: 'green', label: '90% and above' },
  { value: 'amber', label: '75–89%' },
  { value: 'red', label: 'Below 75%' },
];

type HistoryFiltersProps = {
  filters: Filters;
  onChange: (change: Filters) => void;
  onClear: () => void;
  /** The 'Clear filters' button; left out where the empty result offers its own. */
  canClear: boolean;
};

/** Date range, session type and rating band of the history. */
export function HistoryFilters({ filters, onChange, onClear, canClear }: HistoryFiltersProps) {
  const typesQuery = useSessionTypes();
  const sessionTypes = typesQuery.data ?? [];
  const typesFailed = typesQuery.isError && !typesQuery.data;
  const failureId = useId();
  const typeSelect = useRef<HTMLSelectElement>(null);
  const retryTypes = async () => {
    const result = await typesQuery.refetch();
    // The keyboard goes on from the select, not from the top of the page: the button that had
    // it goes away with the failure.
    const active = document.activeElement;
    if (result.data && (!active || active === document.body)) typeSelect.current?.focus();
  };
  return (
    <div
      id={FILTERS_ID}
      role="search"
      aria-label="Filter sessions"
      tabIndex={-1}
      className="grid grid-cols-2 items-end gap-3 outline-none lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
    >
      <DateFilter label="From" value={filters.from} onCommit={(from) => onChange({ from })} />
      <DateFilter label="To" value={filters.to} onCommit={(to) => onChange({ to })} />
      {/* Said where the days are set: the list below can only say that nothing matches. */}
      <p
        role="status"
        className="text-destructive col-span-2 text-sm empty:hidden lg:order-last lg:col-span-5"
      >
        {filters.from && filters.to && filters.from > filters.to
          ? 'The From day is after the To day, so no session can match. Swap them or clear one.'
          : null}
      </p>
      <FormField label="Session type" className="min-w-0">
        <Select
          value={filters.sessionTypeId === undefined ? ALL : String(filters.sessionTypeId)}
          onValueChange={(value) =>
            onChange({ sessionTypeId: value === ALL ? undefined : Number(value) })
          }
          ref={typeSelect}
          aria-describedby={typesFailed ? failureId : undefined}
        >
          <option value={ALL}>All session types</option>
          {/* The list is filtered by a type whose name has not come: said, not a blank. */}
          {filters.sessionTypeId !== undefined && !typesQuery.data ? (
            <option value={String(filters.sessionTypeId)} disabled>
              {typesFailed ? 'Session types could not be loaded' : 'Loading session types...'}
            </option>
          ) : null}
          {sessionTypes.map((type) => (
            <option key={type.id} value={String(type.id)}>
              {formatSessionType(type)}
            </option>
          ))}
        </Select>
      </FormField>
      {typesFailed ? (
        <SessionTypesFailure
          id={failureId}
          failureCount={typesQuery.errorUpdateCount}
          retry={{ isFetching: typesQuery.isFetching, refetch: retryTypes }}
          className="order-last col-span-2 lg:col-span-5"
        />
      ) : null}
      <FormField label="Rating" className="min-w-0">
        <Select
          value={filters.band ?? ALL}
          onValueChange={(value) =>
            onChange({ band: bandOptions.find((option) => option.value === value)?.value })
          }
        >
          <option value={ALL}>All ratings</option>
          {bandOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </FormField>
      {canClear ? (
        <Button
          variant="ghost"
          className="col-span-2 justify-self-start lg:col-span-1"
          onClick={onClear}
        >
          <X aria-hidden="true" />
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

type DateFilterProps = {
  label: string;
  value: string | undefined;
  onCommit: (day: string | undefined) => void;
};

/**
 * A day picker that filters only once it holds a whole day (or is emptied): while a year is
 * typed digit by digit the field passes through days such as 0002-03-01, which must neither
 * reach the URL nor be wiped from the field under the trader's fingers. A day outside the years
 * a date may name, still there when the field is left, is said at the field: it filters nothing.
 */
function DateFilter({ label, value = '', onCommit }: DateFilterProps) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const [isLeft, setIsLeft] = useState(false);
  // The URL changed from elsewhere ('Clear filters', Back): show its day.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const problem = isLeft && text !== '' ? calendarDateProblem(text) : null;
  return (
    // A line of its own on a phone: half of one cut off the day's picker.
    <FormField
      label={label}
      className="col-span-2 min-w-0 sm:col-span-1"
      error={problem ? outsideTheYears(label) : undefined}
    >
      <Input
        type="date"
        min={FIRST_CALENDAR_DAY}
        max={LAST_CALENDAR_DAY}
        value={text}
        onBlur={() => setIsLeft(true)}
        onChange={(event) => {
          const day = event.target.value;
          setText(day);
          setIsLeft(false);
          if (day === '') onCommit(undefined);
          else if (isCalendarDate(day)) onCommit(day);
        }}
      />
    </FormField>
  );
}
