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
/**
 * The same after a semicolon: a spreadsheet in a locale whose lists use semicolons (much of
 * Europe) splits each line at them, quotes or not, so the text after one starts a cell of its
 * own. The apostrophe goes after the semicolon (`Entered;' =1+1`).
 */
const FORMULA_AFTER_SEMICOLON = /;(?=\s*[=+\-@])/g;

/** One cell, RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string') {
    if (FORMULA_START.test(text)) text = `'${text}`;
    text = text.replace(FORMULA_AFTER_SEMICOLON, ";'");
  }
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
