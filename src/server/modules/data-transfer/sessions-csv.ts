import type { ExportedSessionRow } from './data-transfer.repository.ts';

const CSV_HEADER = [
  'Date',
  'Name',
  'Session Type',
  'Compliance (%)',
  'Rules Followed',
  'Rules Total',
  'Followed Rules',
  'Broken Rules',
  'Notes',
  'Result',
  'Result (R)',
];

/**
 * A cell a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+`, `-`, `@`, or one hidden
 * behind a tab or carriage return) gets a leading apostrophe, as OWASP advises for CSV
 * injection: the trader's own text is shown, never executed.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, ended by CRLF as RFC 4180 says. */
function csvLine(cells: (string | number)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A session's row: its checklist as counts and as the texts the trader saw. */
function sessionCsvLine(session: ExportedSessionRow): string {
  const followed = session.checklist.filter((item) => item.followed);
  const broken = session.checklist.filter((item) => !item.followed);
  return csvLine([
    session.sessionDate,
    session.name,
    session.sessionType ?? '',
    session.complianceRating,
    session.followedCount,
    session.totalCount,
    followed.map((item) => item.description).join('; '),
    broken.map((item) => item.description).join('; '),
    session.notes ?? '',
    // Numbers, never escaped as formulas: a loss of -12.5 stays a number in the spreadsheet.
    session.resultMoney === null ? '' : session.resultMoney / 100,
    session.resultR === null ? '' : session.resultR / 100,
  ]);
}

/** Excel reads a UTF-8 file as its local code page unless it starts with this mark. */
const UTF8_BOM = '\uFEFF';

/** The whole CSV, a page of sessions at a time. */
export async function* sessionsCsv(pages: AsyncIterable<ExportedSessionRow[]>) {
  yield UTF8_BOM + csvLine(CSV_HEADER);
  for await (const page of pages) yield page.map(sessionCsvLine).join('');
}
