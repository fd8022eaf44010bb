import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import { spreadsheetText } from '../../lib/spreadsheet';
import { spreadsheetDateTime, type CompletedReportExportRow } from './completed-reports.presenter';

type Cell = string | number | Date | null;
type XlsxColumn = {
  header: string;
  width: number;
  numFmt?: string;
  value: (r: CompletedReportExportRow) => Cell;
};

/** The columns of the completed-reports export, as the list shows them. */
export const COMPLETED_REPORT_COLUMNS: XlsxColumn[] = [
  { header: 'Klant', width: 30, value: (r) => r.customer_name },
  { header: 'Vestiging', width: 22, value: (r) => r.location_name },
  { header: 'Machine', width: 30, value: (r) => r.machine_name },
  { header: 'Inventarisnummer', width: 18, value: (r) => r.inventory_number },
  { header: 'Type', width: 18, value: (r) => INSPECTION_TYPE_LABELS[r.inspection_type] },
  { header: 'Vragenlijst', width: 28, value: (r) => r.questionnaire_name },
  {
    header: 'Ingediend op',
    width: 18,
    numFmt: 'dd-mm-yyyy hh:mm',
    value: (r) => spreadsheetDateTime(new Date(r.submitted_at)),
  },
  { header: 'Monteur', width: 24, value: (r) => r.filled_in_by_name },
  { header: 'Niet op aangegeven plaats', width: 14, value: (r) => (r.not_at_location ? 'Ja' : 'Nee') },
  { header: 'Overgeslagen categorieën', width: 40, value: (r) => r.skipped_categories.join(', ') || null },
];

/** Text for an Excel header/footer, where "&" starts a code. */
const headerText = (s: string) => s.replace(/&/g, '&&');

export type CompletedReportsInfo = {
  companyName: string;
  generatedAt: Date;
};

/**
 * Streams the completed reports as an xlsx workbook into `out`: one sheet, a frozen header row
 * with a filter, one row per report, committed as they come (memory stays flat). Every text
 * passes through `spreadsheetText` (formula injection).
 */
export async function writeCompletedReportsXlsx(
  batches: AsyncIterable<CompletedReportExportRow[]>,
  out: Writable,
  info: CompletedReportsInfo,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = info.companyName;
  workbook.created = info.generatedAt;
  workbook.title = 'Afgeronde rapporten';
  const sheet = workbook.addWorksheet('Afgeronde rapporten', {
    views: [{ state: 'frozen', ySplit: 1 }],
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
    headerFooter: {
      oddHeader: `&L${headerText(info.companyName)}&C&BAfgeronde rapporten`,
      oddFooter: '&RPagina &P van &N',
    },
  });
  sheet.columns = COMPLETED_REPORT_COLUMNS.map((c) => ({
    header: c.header,
    width: c.width,
    style: c.numFmt ? { numFmt: c.numFmt } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COMPLETED_REPORT_COLUMNS.length } };
  for await (const rows of batches) {
    if (out.destroyed) return; // the download was cancelled
    for (const r of rows) {
      sheet
        .addRow(
          COMPLETED_REPORT_COLUMNS.map((c) => {
            const v = c.value(r);
            return typeof v === 'string' ? spreadsheetText(v) : v;
          }),
        )
        .commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}
