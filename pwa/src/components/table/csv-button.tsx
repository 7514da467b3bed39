import { downloadCsv, toCsv, type CsvValue } from './csv';

type CsvButtonProps = { fileName: string; header: readonly string[]; rows: () => (readonly CsvValue[])[]; disabled?: boolean };

/** Downloads the rows the search found (every page of them) as CSV. */
export function CsvButton({ fileName, header, rows, disabled = false }: CsvButtonProps) {
  return (
    <button type="button" className="button button-secondary" disabled={disabled} onClick={() => downloadCsv(fileName, toCsv(header, rows()))}>
      Export CSV
    </button>
  );
}
