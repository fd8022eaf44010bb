import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { dutchParts } from './dutch-time';

/**
 * A text for a spreadsheet cell that no spreadsheet program will run as a formula: a text that
 * starts with = + - @, a tab or a carriage return gets a leading apostrophe (security.md, OWASP
 * "CSV injection"). Other texts are returned as they are.
 */
export function spreadsheetText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * The moment `d` as Dutch wall-clock time in a UTC Date: what a spreadsheet date-time cell shows
 * as it is (a spreadsheet has no time zones).
 */
export function spreadsheetDateTime(d: Date): Date {
  const p = dutchParts(d);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
}

/** A cell of a streamed export. */
export type Cell = string | number | Date | null;

/** One column of an export sheet: its header, width, format and what a row puts in it. */
export type SheetColumn<R> = {
  header: string;
  width: number;
  /** The column's number format (a date-time, a price). */
  numFmt?: string;
  /** Several lines in one cell (wrapped, aligned at the top). */
  wrap?: boolean;
  value: (r: R) => Cell;
  /** A number format of this row's cell (a measured value keeps its decimals: "0.30" as 0,30). */
  cellFmt?: (r: R) => string | undefined;
};

/** The sheet's columns, with a bold header row and a filter over it. */
export function sheetHeader<R>(sheet: ExcelJS.Worksheet, columns: SheetColumn<R>[]): void {
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: c.width,
    style: c.numFmt ? { numFmt: c.numFmt } : c.wrap ? { alignment: { wrapText: true, vertical: 'top' } } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
}

/**
 * Adds the rows of `batches` to a streamed sheet, each committed as it comes (memory stays flat),
 * every text through `spreadsheetText`. False when `out` was closed: the download was cancelled.
 */
export async function sheetRows<R>(
  sheet: ExcelJS.Worksheet,
  columns: SheetColumn<R>[],
  batches: AsyncIterable<R[]>,
  out: Writable,
): Promise<boolean> {
  for await (const rows of batches) {
    if (out.destroyed) return false;
    for (const r of rows) {
      const row = sheet.addRow(
        columns.map((c) => {
          const v = c.value(r);
          return typeof v === 'string' ? spreadsheetText(v) : v;
        }),
      );
      columns.forEach((c, i) => {
        const fmt = c.cellFmt?.(r);
        if (fmt) row.getCell(i + 1).numFmt = fmt;
      });
      row.commit();
    }
  }
  return true;
}
