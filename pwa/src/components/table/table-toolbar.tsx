import type { ReactNode } from 'react';

type TableToolbarProps = {
  searchLabel: string;
  search: string;
  onSearch: (value: string) => void;
  /** '12 payments': what the search found. */
  count?: string;
  children?: ReactNode;
};

/** '1 payment', '12 payments': what a search found, for TableToolbar's count. */
export const counted = (total: number, noun: string): string => `${total} ${total === 1 ? noun : `${noun}s`}`;

/** The search box above a table, what it found, and the table's own buttons. */
export function TableToolbar({ searchLabel, search, onSearch, count, children }: TableToolbarProps) {
  return (
    <div className="table-toolbar">
      <label className="table-search">
        <span className="field-label">{searchLabel}</span>
        <input className="field-input" type="search" value={search} onChange={(event) => onSearch(event.target.value)} />
      </label>
      {count !== undefined && (
        <p className="table-count" aria-live="polite">
          {count}
        </p>
      )}
      {children && <div className="table-actions">{children}</div>}
    </div>
  );
}
