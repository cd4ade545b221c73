import type { ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';

export type ChartTableColumn = { header: string; isNumeric?: boolean };
export type ChartTableRow = { key: string | number; cells: ReactNode[] };

type ChartTableProps = { caption: string; columns: ChartTableColumn[]; rows: ChartTableRow[] };

/** A chart's data as a table; the first cell of a row names it (a row header). */
export function ChartTable({ caption, columns, rows }: ChartTableProps) {
  const cellClass = (column: ChartTableColumn | undefined) =>
    cn('px-3 py-2', column?.isNumeric ? 'text-right tabular-nums' : 'text-left');
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-muted-foreground border-b">
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={cn(cellClass(column), 'font-medium')}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y">
        {rows.map(({ key, cells: [first, ...rest] }) => (
          <tr key={key}>
            <th scope="row" className={cn(cellClass(columns[0]), 'font-medium wrap-anywhere')}>
              {first}
            </th>
            {rest.map((cell, index) => (
              <td
                key={columns[index + 1]?.header ?? index}
                className={cellClass(columns[index + 1])}
              >
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
