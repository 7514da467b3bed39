import { downloadCsv, toCsv, type CsvValue } from './csv';

type Rows = (readonly CsvValue[])[];
type CsvButtonProps = { fileName: string; header: readonly string[]; rows: () => Rows | Promise<Rows>; disabled?: boolean; hint?: string };

/** Downloads the rows the search found (every page of them) as CSV. */
export function CsvButton({ fileName, header, rows, disabled = false, hint }: CsvButtonProps) {
  const download = async () => downloadCsv(fileName, toCsv(header, await rows()));
  return (
    <button type="button" className="button button-secondary" disabled={disabled} title={hint} onClick={() => void download()}>
      Export CSV
    </button>
  );
}
