import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { JUDGEMENT_LABELS, VERDICT_LABELS } from '@keurwijzer/shared/compliance';
import { INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import { sheetHeader, sheetRows, spreadsheetDateTime, type SheetColumn } from '../../lib/spreadsheet';
import type { CompletedMeasurementRow, CompletedReportExportRow } from './completed-reports.presenter';

type XlsxColumn<R = CompletedReportExportRow> = SheetColumn<R>;

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
  { header: 'Oordeel', width: 26, value: (r) => VERDICT_LABELS[r.verdict] },
];

/** A decimal string ("0.30") as a number cell and the format that shows its decimals ("0.00"). */
const decimal = (v: string | null) => (v === null ? null : Number(v));
const decimalFmt = (v: string | null) => {
  const decimals = v?.split('.')[1]?.length ?? 0;
  return decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0';
};

/**
 * The columns of the "Metingen" sheet: one row per measurement of the listed reports. Values and
 * limits are numbers (shown with their decimals, so a Dutch Excel shows 0,30) to sort and
 * compute with.
 */
export const MEASUREMENT_COLUMNS: XlsxColumn<CompletedMeasurementRow>[] = [
  { header: 'Rapport', width: 10, value: (r) => r.report_id },
  {
    header: 'Ingediend op',
    width: 18,
    numFmt: 'dd-mm-yyyy hh:mm',
    value: (r) => spreadsheetDateTime(new Date(r.submitted_at)),
  },
  { header: 'Klant', width: 30, value: (r) => r.customer_name },
  { header: 'Vestiging', width: 22, value: (r) => r.location_name },
  { header: 'Machine', width: 30, value: (r) => r.machine_name },
  { header: 'Inventarisnummer', width: 18, value: (r) => r.inventory_number },
  { header: 'Meting', width: 40, value: (r) => r.question },
  { header: 'Waarde', width: 10, value: (r) => decimal(r.value), cellFmt: (r) => decimalFmt(r.value) },
  { header: 'Eenheid', width: 10, value: (r) => r.unit },
  { header: 'Minimum', width: 10, value: (r) => decimal(r.min_value), cellFmt: (r) => decimalFmt(r.min_value) },
  { header: 'Maximum', width: 10, value: (r) => decimal(r.max_value), cellFmt: (r) => decimalFmt(r.max_value) },
  { header: 'Oordeel', width: 12, value: (r) => (r.judgement ? JUDGEMENT_LABELS[r.judgement] : null) },
];

/** Text for an Excel header/footer, where "&" starts a code. */
const headerText = (s: string) => s.replace(/&/g, '&&');

export type CompletedReportsInfo = {
  companyName: string;
  generatedAt: Date;
};

/**
 * Streams the completed reports as an xlsx workbook into `out`: a sheet with one row per report,
 * then (read only once that sheet is written: a streamed workbook writes its sheets one after the
 * other) a sheet "Metingen" with one row per measurement; frozen header rows with a filter, rows
 * committed as they come (memory stays flat). Every text passes through `spreadsheetText`
 * (formula injection).
 */
export async function writeCompletedReportsXlsx(
  batches: AsyncIterable<CompletedReportExportRow[]>,
  out: Writable,
  info: CompletedReportsInfo,
  measurements: () => AsyncIterable<CompletedMeasurementRow[]> = async function* () {},
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
  sheetHeader(sheet, COMPLETED_REPORT_COLUMNS);
  if (!(await sheetRows(sheet, COMPLETED_REPORT_COLUMNS, batches, out))) return; // the download was cancelled
  sheet.commit();

  const measured = workbook.addWorksheet('Metingen', {
    views: [{ state: 'frozen', ySplit: 1 }],
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
    headerFooter: {
      oddHeader: `&L${headerText(info.companyName)}&C&BMetingen`,
      oddFooter: '&RPagina &P van &N',
    },
  });
  sheetHeader(measured, MEASUREMENT_COLUMNS);
  if (!(await sheetRows(measured, MEASUREMENT_COLUMNS, measurements(), out))) return;
  measured.commit();
  await workbook.commit();
}
