import type { ReactNode } from 'react';
import { useCellLabels } from './use-cell-labels';

type DataTableProps = {
  caption: string;
  columns: readonly string[];
  /** The spec's empty text, shown instead of the table when there are no rows. */
  empty: string;
  rowCount: number;
  children: ReactNode;
};

/** The dashboard's table shell: a captioned table with column headers (cards on a phone), or the empty text. */
export function DataTable({ caption, columns, empty, rowCount, children }: DataTableProps) {
  const wrap = useCellLabels<HTMLDivElement>();
  if (rowCount === 0) return <p className="table-empty">{empty}</p>;
  return (
    <div className="table-wrap" ref={wrap}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
