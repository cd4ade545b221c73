import type { SessionSummary } from '#shared/schemas/sessions.ts';
import { ComplianceRating } from '#client/components/compliance-rating.tsx';
import { formatSessionDate } from '#client/lib/dates.ts';
import type { Selection } from '../hooks/use-selection.ts';
import { SelectAllCheckbox, SelectSessionCheckbox } from './selection-checkboxes.tsx';
import { SessionResult } from './session-result.tsx';
import {
  DeleteSessionButton,
  SessionDetailsLink,
  ViewScreenshotButton,
} from './session-row-actions.tsx';

export type SessionListProps = {
  sessions: SessionSummary[];
  selection: Selection;
  onView: (session: SessionSummary) => void;
  onDelete: (session: SessionSummary) => void;
  /** A delete is under way: the delete buttons wait for its answer. */
  isDeleting: boolean;
  /** The id of the heading that names the list. */
  labelledBy: string;
};

const headCell = 'text-muted-foreground h-10 px-3 align-middle text-xs font-medium uppercase';
const textHeadCell = `${headCell} text-left`;

/** The history as a table, on screens wide enough for its columns. */
export function SessionsTable({
  sessions,
  selection,
  onView,
  onDelete,
  isDeleting,
  labelledBy,
}: SessionListProps) {
  return (
    <table aria-labelledby={labelledBy} className="w-full border-collapse text-sm">
      <thead>
        <tr className="border-b">
          <th scope="col" className={`${textHeadCell} w-10`}>
            <SelectAllCheckbox selection={selection} />
          </th>
          <th scope="col" className={textHeadCell}>
            Session Name
          </th>
          <th scope="col" className={textHeadCell}>
            Date
          </th>
          <th scope="col" className={textHeadCell}>
            Compliance Rating
          </th>
          <th scope="col" className={textHeadCell}>
            Result
          </th>
          <th scope="col" className={textHeadCell}>
            Screenshot
          </th>
          <th scope="col" className={`${headCell} text-right`}>
            Actions
          </th>
        </tr>
      </thead>
      <tbody>
        {sessions.map((session) => (
          <tr
            key={session.id}
            data-state={selection.isSelected(session.id) ? 'selected' : undefined}
            className="hover:bg-muted/50 data-[state=selected]:bg-muted border-b transition-colors last:border-b-0"
          >
            <td className="px-3 py-2 align-middle">
              <SelectSessionCheckbox
                session={session}
                selection={selection}
                className="align-middle"
              />
            </td>
            <th scope="row" className="max-w-xs px-3 py-2 text-left font-medium wrap-anywhere">
              {session.name}
            </th>
            <td className="px-3 py-2 whitespace-nowrap">{formatSessionDate(session.date)}</td>
            <td className="px-3 py-2">
              <ComplianceRating rating={session.complianceRating} />
            </td>
            <td className="px-3 py-2">
              <SessionResult session={session} />
            </td>
            <td className="px-3 py-2">
              <ViewScreenshotButton session={session} onView={onView} />
            </td>
            <td className="px-3 py-2">
              <div className="flex items-center justify-end gap-1">
                <SessionDetailsLink session={session} />
                <DeleteSessionButton session={session} onDelete={onDelete} disabled={isDeleting} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
