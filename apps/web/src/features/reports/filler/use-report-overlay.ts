import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReportDetail } from '@keurwijzer/shared/reports';
import type { KeptEntry, Outbox, OutboxEntry, RefusedEntry } from '../../../lib/outbox/outbox';
import { servedAtOf } from '../../../lib/api/report-query';
import { overlayOf, reportChangeKey, shownBy, type Overlay, type ReportChange } from './report-changes';

type Stored = {
  kept: KeptEntry<ReportChange>[];
  waiting: OutboxEntry<ReportChange>[];
  refused: RefusedEntry<ReportChange>[];
};
const NOTHING: Stored = { kept: [], waiting: [], refused: [] };

/**
 * What this device gave for one report, over the server's copy: the changes the server accepted
 * that the copy does not show yet (kept by the outbox, so a reload without a connection shows
 * them too), those that wait, and the ones just given that are on their way into the outbox.
 * Kept changes the copy shows are forgotten. Read again whenever the outbox changes (in any tab).
 */
export function useReportOverlay(report: ReportDetail, outbox: Outbox<ReportChange>, scope: string) {
  const [stored, setStored] = useState<Stored>(NOTHING);
  const [ready, setReady] = useState(false);
  /** Given on this screen and not yet stored, by change key (the newest per key). */
  const [drafts, setDrafts] = useState<ReadonlyMap<string, ReportChange>>(new Map());
  const reads = useRef(0);

  /** Reads the three stores of this report; only the latest read is shown. */
  const read = useCallback(async () => {
    const n = ++reads.current;
    const [kept, waiting, refused] = await Promise.all([outbox.kept(scope), outbox.list(scope), outbox.refused(scope)]);
    if (n === reads.current) setStored({ kept, waiting, refused });
  }, [outbox, scope]);

  useEffect(() => {
    let live = true;
    const reload = () => void read().then(() => live && setReady(true));
    reload();
    const off = outbox.onChange(reload);
    return () => {
      live = false;
      off();
    };
  }, [outbox, read]);

  // Kept changes the server's copy shows are not needed on the device any more.
  const servedAt = servedAtOf(report);
  const kept = useMemo(
    () => stored.kept.filter((entry) => !shownBy(report, servedAt, entry)),
    [stored.kept, report, servedAt],
  );
  useEffect(() => {
    const shown = stored.kept.filter((entry) => !kept.includes(entry)).map((entry) => entry.seq);
    if (shown.length > 0) void outbox.forget(shown);
  }, [stored.kept, kept, outbox]);

  const overlay: Overlay = useMemo(
    () =>
      // In the order given (a kept change and a waiting one keep their numbers), the drafts last.
      overlayOf([
        ...[...kept, ...stored.waiting].sort((a, b) => a.seq - b.seq),
        ...[...drafts.values()].map((value) => ({ value })),
      ]),
    [kept, stored.waiting, drafts],
  );

  /** Shows a change at once, while it is stored. */
  const draft = useCallback((change: ReportChange) => {
    setDrafts((d) => new Map(d).set(reportChangeKey(change), change));
  }, []);
  /** The change is stored (or could not be): the stores show it now, the draft goes. */
  const settle = useCallback(
    async (changes: readonly ReportChange[]) => {
      await read();
      setDrafts((d) => {
        const next = new Map(d);
        for (const change of changes) {
          const key = reportChangeKey(change);
          if (next.get(key) === change) next.delete(key);
        }
        return next;
      });
    },
    [read],
  );

  return {
    overlay,
    /** Whether the stores have been read once (a queued submit shows from the first render). */
    ready,
    /** Changes of this report that wait to be sent (those just given included). */
    pending: stored.waiting.length + drafts.size,
    /** Changes just given are being stored on the device. */
    storing: drafts.size > 0,
    /** Changes the server refused, with its reason. */
    refused: stored.refused,
    /** A submit is stored and waits (not only given). */
    submitStored: stored.waiting.some((e) => e.value.kind === 'submit'),
    draft,
    settle,
  };
}
