import { CsvButton } from '../../components/table/csv-button';
import type { CsvValue } from '../../components/table/csv';
import { allOfHistory, CSV_MAX_ROWS, type HistoryList } from './use-history';

type Props<T, S> = {
  /** 'booking', 'payment': the file is `<noun>s.csv`. */
  noun: string;
  header: readonly string[];
  list: HistoryList<T>;
  /** The server's list and query the rows come from, and how a row of it is shown. */
  path: string;
  params: URLSearchParams;
  shown: (row: S) => T;
  toRow: (row: T) => CsvValue[];
};

/** Exports every row the list found: from the server, page by page, up to CSV_MAX_ROWS; else the device's. */
export function HistoryCsvButton<T, S>({ noun, header, list, path, params, shown, toRow }: Props<T, S>) {
  const rows = list.fromServer ? async () => (await allOfHistory(path, params, shown)).map(toRow) : () => list.rows.map(toRow);
  const tooMany = list.total > CSV_MAX_ROWS;
  return (
    <CsvButton
      fileName={`${noun}s.csv`}
      header={header}
      rows={rows}
      disabled={!list.total || tooMany}
      hint={tooMany ? `Narrow the search to export: at most ${CSV_MAX_ROWS} ${noun}s` : undefined}
    />
  );
}
