import { useEffect, useMemo, useState } from 'react';
import type { ReportDetail } from '@keurwijzer/shared/reports';
import { outboxFor } from '../../../lib/outbox/app-outbox';
import type { KeptEntry } from '../../../lib/outbox/outbox';
import { reportScope, type ReportChange } from './report-changes';

/**
 * The report as this device knows it: a submit the server accepted shows as the submitted report
 * it answered, also after a reload without a connection, when the copy kept for offline use is
 * still the open report. Once a read shows the report submitted, the device forgets its copy.
 * `ready`: the device's copy has been looked up (the screen shows neither before).
 */
const NONE: KeptEntry<ReportChange>[] = [];

export function useDeviceReport(report: ReportDetail | undefined, userId: number) {
  const outbox = useMemo(() => outboxFor<ReportChange>(userId), [userId]);
  const id = report?.id;
  const [kept, setKept] = useState<{ id: number; entries: KeptEntry<ReportChange>[] } | null>(null);

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    const read = () =>
      void outbox.kept(reportScope(id)).then((entries) => {
        if (live) setKept({ id, entries });
      });
    read();
    const off = outbox.onChange(read);
    return () => {
      live = false;
      off();
    };
  }, [outbox, id]);

  const mine = kept && kept.id === id ? kept.entries : NONE;
  const submitted = mine.find((e) => e.value.kind === 'submit')?.result as ReportDetail | null | undefined;
  // Submitted on the server's copy: nothing of the report is needed on the device any more.
  useEffect(() => {
    if (report && report.status !== 'open' && mine.length > 0) void outbox.forget(mine.map((e) => e.seq));
  }, [report, mine, outbox]);

  if (!report) return { report, ready: false };
  return {
    report: report.status === 'open' && submitted ? submitted : report,
    ready: kept?.id === report.id,
  };
}
