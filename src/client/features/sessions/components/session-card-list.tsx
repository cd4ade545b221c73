import { ComplianceRating } from '#client/components/compliance-rating.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { formatSessionDate } from '#client/lib/dates.ts';
import { SelectAllCheckbox, SelectSessionCheckbox } from './selection-checkboxes.tsx';
import { SessionResult } from './session-result.tsx';
import {
  DeleteSessionButton,
  SessionDetailsLink,
  ViewScreenshotButton,
} from './session-row-actions.tsx';
import type { SessionListProps } from './sessions-table.tsx';

/** The history as a list of cards, for screens too narrow for the table's columns. */
export function SessionCardList({
  sessions,
  selection,
  onView,
  onDelete,
  isDeleting,
  labelledBy,
}: SessionListProps) {
  return (
    <div className="grid gap-3">
      <div className="flex items-center px-1">
        <SelectAllCheckbox id="select-all-sessions-list" selection={selection} />
        {/* The words are part of the target: a tap anywhere on the line ticks every session. */}
        <Label
          htmlFor="select-all-sessions-list"
          className="text-muted-foreground flex-1 py-3 pl-3"
        >
          Select all
        </Label>
      </div>
      <ul aria-labelledby={labelledBy} className="grid gap-3">
        {sessions.map((session) => (
          <li
            key={session.id}
            data-state={selection.isSelected(session.id) ? 'selected' : undefined}
            className="data-[state=selected]:bg-muted/60 rounded-lg border p-3"
          >
            <div className="flex items-start gap-3">
              {/* A finger's reach around the box (44 px): a tap beside it still ticks it. */}
              <label className="-m-3.5 flex shrink-0 cursor-pointer p-3.5">
                <SelectSessionCheckbox session={session} selection={selection} className="mt-0.5" />
              </label>
              <div className="min-w-0 flex-1">
                <p className="font-medium wrap-anywhere">{session.name}</p>
                <p className="text-muted-foreground text-sm">{formatSessionDate(session.date)}</p>
                {session.resultR !== null || session.resultMoney !== null ? (
                  <p className="text-sm">
                    <span className="sr-only">Result: </span>
                    <SessionResult session={session} />
                  </p>
                ) : null}
              </div>
              <ComplianceRating rating={session.complianceRating} className="text-sm" />
            </div>
            <div className="mt-3 flex items-center justify-between gap-2 pl-7">
              <ViewScreenshotButton session={session} onView={onView} />
              <div className="flex items-center gap-1">
                <SessionDetailsLink session={session} />
                <DeleteSessionButton session={session} onDelete={onDelete} disabled={isDeleting} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
