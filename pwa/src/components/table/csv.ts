import { downloadFile } from '../ui/download-file';

export { csvField, toCsv, type CsvValue } from '../../../../sync/csv';

/** Saves the text as a file; the BOM lets spreadsheets read UTF-8. */
export function downloadCsv(fileName: string, csv: string): void {
  downloadFile(fileName, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}
