import type { ReportDetail } from '@keurwijzer/shared/reports';
import { dutchDate } from '../../lib/dutch-time';

/**
 * What a report's PDF says about its versions, as lines of its verdict box: a
 * correction "Versie 2, vervangt versie 1 van 12-03-2026. Reden: ..."; a replaced version
 * "Vervangen door versie 2 van 14-03-2026". Nothing for a first version that stands.
 */
export function versionNotes(report: Pick<ReportDetail, 'version' | 'replaces' | 'replaced_by' | 'correction_reason'>) {
  const notes: string[] = [];
  const of = (at: string | null) => (at ? ` van ${dutchDate(new Date(at))}` : '');
  if (report.replaces) {
    const reason = report.correction_reason ? ` Reden: ${report.correction_reason}` : '';
    notes.push(
      `Versie ${report.version}, vervangt versie ${report.replaces.version}${of(report.replaces.submitted_at)}.${reason}`,
    );
  }
  if (report.replaced_by) {
    notes.push(`Vervangen door versie ${report.replaced_by.version}${of(report.replaced_by.submitted_at)}`);
  }
  return notes;
}
