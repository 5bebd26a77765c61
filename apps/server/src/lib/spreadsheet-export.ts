// A list as a spreadsheet file, CSV or Excel, streamed to the reply (issue
// 29 §4, decision 059). Rows come from an async iterable that reads the
// database in batches; each is written and let go, so 10,000 rows cost no
// more memory than 10. Every text cell goes through safeCell (csv-export.ts)
// in both formats: a title such as =HYPERLINK(...) stays text. Excel cells are
// typed: numbers as numbers, ISO days as dates, never a formula. A list longer
// than `cap` stops there, with a last row that says so.
import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { exportContentTypes, exportCutNote, exportRowCap, type ExportFormat } from '@grantbridge/contract/exports';
import { csvStream, safeCell, type CsvCell } from './csv-export';

export type SheetColumn = {
  header: string;
  /** How Excel types the cells: text, a number, or an ISO day (YYYY-MM-DD) as a date. */
  kind: 'text' | 'number' | 'date';
  /** Excel column width in characters. */
  width?: number;
};

export type SheetCell = CsvCell;

export type Spreadsheet = {
  format: ExportFormat;
  columns: SheetColumn[];
  rows: AsyncIterable<SheetCell[]>;
  /** The worksheet's name in Excel (at most 31 characters). */
  sheetName: string;
  cap?: number;
  /** Hears of a source that failed midway (the response is cut short then). */
  onError: (error: unknown) => void;
};

/** At most `cap` rows of `rows`, then (if more were left) one row whose first cell says the list was cut. */
export async function* cappedRows(rows: AsyncIterable<SheetCell[]>, cap: number, width: number): AsyncGenerator<SheetCell[]> {
  let count = 0;
  for await (const row of rows) {
    if (count === cap) {
      yield [exportCutNote(cap), ...Array<SheetCell>(Math.max(0, width - 1)).fill('')];
      return; // leaving the loop ends the source's generator (its finally blocks run)
    }
    count += 1;
    yield row;
  }
}

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A cell as Excel gets it: safe text, a number, or a day as a UTC date. */
export function excelCell(value: SheetCell, kind: SheetColumn['kind']): string | number | Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (kind === 'number' && typeof value === 'number') return value;
  if (kind === 'date' && typeof value === 'string') {
    const day = isoDay.exec(value);
    if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  }
  return safeCell(typeof value === 'number' ? value : String(value));
}

/** The workbook written to a stream as rows arrive: shared strings off, so nothing grows with the row count. */
function xlsxStream(sheet: Spreadsheet, rows: AsyncIterable<SheetCell[]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'GrantBridge';
  const worksheet = workbook.addWorksheet(sheet.sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = sheet.columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width ?? (c.kind === 'text' ? 30 : 14),
    style: c.kind === 'date' ? { numFmt: 'yyyy-mm-dd' } : c.kind === 'number' ? { numFmt: '#,##0' } : {},
  }));
  void (async () => {
    let written = 0;
    for await (const row of rows) {
      worksheet.addRow(sheet.columns.map((c, i) => excelCell(row[i], c.kind))).commit();
      // Wait while the reader is behind: the zip buffers no more than a stream's high-water mark.
      if (++written % 200 === 0 && out.writableNeedDrain) await once(out, 'drain');
    }
    worksheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    sheet.onError(error);
    out.destroy(error as Error);
  });
  return out;
}

/** The file's bytes as a stream, and its content type. */
export function spreadsheetStream(sheet: Spreadsheet): { stream: Readable; contentType: string } {
  const rows = cappedRows(sheet.rows, sheet.cap ?? exportRowCap, sheet.columns.length);
  const stream =
    sheet.format === 'csv'
      ? csvStream(
          sheet.columns.map((c) => c.header),
          rows,
          sheet.onError,
        )
      : xlsxStream(sheet, rows);
  return { stream, contentType: exportContentTypes[sheet.format] };
}

/** Content-Disposition for a download named `fileName` (ASCII names only: ours are). */
export function attachment(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}

/** Sends `sheet` as the download `fileName`, never cached. */
export function sendSpreadsheet(reply: FastifyReply, fileName: string, sheet: Spreadsheet) {
  const { stream, contentType } = spreadsheetStream(sheet);
  return reply
    .type(contentType)
    .header('content-disposition', attachment(fileName))
    .header('cache-control', 'no-store')
    .send(stream);
}
