import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { DUE_STATE_LABELS, DUE_TYPES, DUE_TYPE_LABELS } from '@keurwijzer/shared/compliance';
import { MACHINE_STATUS_LABELS } from '@keurwijzer/shared/machines';
import { INSPECTION_TYPES, INSPECTION_TYPE_LABELS, type InspectionType } from '@keurwijzer/shared/questionnaires';
import { sheetHeader, sheetRows, type SheetColumn } from '../../lib/spreadsheet';
import { dutchDate } from '../../lib/dutch-time';
import type { InventoryExportRow as InventoryRow, InventoryInfo } from './inventory.presenter';

/** The calendar day of `d` in Dutch time, as the UTC midnight a spreadsheet date cell expects. */
function spreadsheetDay(d: Date): Date {
  const [day, month, year] = dutchDate(d).split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!));
}

const statusOf = (r: InventoryRow) => MACHINE_STATUS_LABELS[r.status] + (r.archived ? ', gearchiveerd' : '');
const latestLabel = (t: InspectionType) => `Laatste ${INSPECTION_TYPE_LABELS[t].toLowerCase()}`;

type XlsxColumn = SheetColumn<InventoryRow>;

/** A due day ("YYYY-MM-DD") as the UTC midnight a spreadsheet date cell expects. */
const dayCell = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * One column per field: placement, type, brand, numbers, year, status, price,
 * reports; then per due type the day it must be inspected before and its state
 * (Afgekeurd / Verlopen / Binnenkort / In orde; "Geen interval" without one).
 */
const XLSX_COLUMNS: XlsxColumn[] = [
  { header: 'Vestiging', width: 22, value: (r) => r.locationName },
  { header: 'Afdeling', width: 18, value: (r) => r.departmentName },
  { header: 'Ruimte', width: 18, value: (r) => r.roomName },
  { header: 'Naam', width: 30, value: (r) => r.name },
  { header: 'Machinetype', width: 20, value: (r) => r.machineTypeName },
  { header: 'Merk', width: 16, value: (r) => r.brandName },
  { header: 'Merktype', width: 16, value: (r) => r.brandTypeName },
  { header: 'Inventarisnummer', width: 18, value: (r) => r.inventoryNumber },
  { header: 'Fabrieksnummer', width: 18, value: (r) => r.factoryNumber },
  { header: 'Bouwjaar', width: 10, value: (r) => r.manufactureYear },
  { header: 'Status', width: 20, value: statusOf },
  {
    header: 'Prijs',
    width: 14,
    numFmt: '"€" #,##0.00',
    value: (r) => (r.priceCents === null ? null : r.priceCents / 100),
  },
  ...INSPECTION_TYPES.map((t): XlsxColumn => ({
    header: latestLabel(t),
    width: 16,
    numFmt: 'dd-mm-yyyy',
    value: (r) => {
      const d = r.latestReports[t];
      return d ? spreadsheetDay(d) : null;
    },
  })),
  ...DUE_TYPES.flatMap((t): XlsxColumn[] => [
    {
      header: `${DUE_TYPE_LABELS[t]} vóór`,
      width: 14,
      numFmt: 'dd-mm-yyyy',
      value: (r) => {
        const d = r.due[t];
        return d ? dayCell(d.dueDate) : null;
      },
    },
    {
      header: `Status ${DUE_TYPE_LABELS[t].toLowerCase()}`,
      width: 14,
      value: (r) => DUE_STATE_LABELS[r.due[t]?.state ?? 'none'],
    },
  ]),
];

/** Text for an Excel header/footer, where "&" starts a code. */
const headerText = (s: string) => s.replace(/&/g, '&&');

/**
 * Streams the inventory list as an xlsx workbook into `out`: one sheet, a frozen header row with
 * a filter, one row per machine. Rows are committed as they come, so memory stays flat. Every
 * text passes through `spreadsheetText` (formula injection).
 */
export async function writeInventoryXlsx(
  batches: AsyncIterable<InventoryRow[]>,
  out: Writable,
  info: InventoryInfo,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = info.company.name;
  workbook.created = info.generatedAt;
  workbook.title = `Inventarislijst ${info.customer.name}`;
  workbook.description = info.selection;
  const sheet = workbook.addWorksheet('Inventaris', {
    views: [{ state: 'frozen', ySplit: 1 }],
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
    headerFooter: {
      oddHeader: `&L${headerText(info.company.name)}&C&BInventarislijst ${headerText(info.customer.name)}&R${dutchDate(info.generatedAt)}`,
      oddFooter: '&RPagina &P van &N',
    },
  });
  sheetHeader(sheet, XLSX_COLUMNS);
  if (!(await sheetRows(sheet, XLSX_COLUMNS, batches, out))) return; // the download was cancelled
  sheet.commit();
  await workbook.commit();
}
