import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  auditActorText,
  auditChangeText,
  type AuditEvent,
} from '@keurwijzer/shared/audit';
import { sheetHeader, sheetRows, spreadsheetDateTime, type SheetColumn } from '../../lib/spreadsheet';

/** The columns of the trail's export, as the list shows them. */
export const AUDIT_COLUMNS: SheetColumn<AuditEvent>[] = [
  { header: 'Tijdstip', width: 18, numFmt: 'dd-mm-yyyy hh:mm:ss', value: (e) => spreadsheetDateTime(new Date(e.at)) },
  { header: 'Wie', width: 26, value: auditActorText },
  { header: 'Soort', width: 22, value: (e) => AUDIT_ENTITY_LABELS[e.entity] },
  { header: 'Nummer', width: 10, value: (e) => e.entity_id },
  { header: 'Actie', width: 14, value: (e) => AUDIT_ACTION_LABELS[e.action] },
  {
    header: 'Wijzigingen',
    width: 90,
    wrap: true,
    value: (e) => e.changes.map((c) => auditChangeText(c, e.action)).join('\n'),
  },
];

/** Streams the trail as an xlsx workbook into `out`, one row per change, texts through spreadsheetText. */
export async function writeAuditXlsx(
  batches: AsyncIterable<AuditEvent[]>,
  out: Writable,
  info: { companyName: string; generatedAt: Date },
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = info.companyName;
  workbook.created = info.generatedAt;
  workbook.title = 'Geschiedenis';
  const sheet = workbook.addWorksheet('Geschiedenis', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheetHeader(sheet, AUDIT_COLUMNS);
  if (!(await sheetRows(sheet, AUDIT_COLUMNS, batches, out))) return; // the download was cancelled
  sheet.commit();
  await workbook.commit();
}
