import { useCallback, useEffect, useRef, useState } from 'react';
import type { Verdict } from '@keurwijzer/shared/compliance';
import type { ReportDetail, SignatureRole } from '@keurwijzer/shared/reports';
import { useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-client';
import { claimResult, type Notifier } from '../../../lib/outbox/app-outbox';
import { serverNowIso } from '../../../lib/server-clock';
import { OutboxClosedError, type Outbox, type OutboxResult, type OutboxStatus } from '../../../lib/outbox/outbox';
import { reportKeys } from '../../../lib/api/report-query';
import { reportChangeKey, type ReportChange } from './report-changes';

/** Said when the device cannot keep a change (IndexedDB refused it: storage full or blocked). */
export const NOT_KEPT_TEXT = 'Deze wijziging kon niet op dit apparaat worden bewaard';

/**
 * What `submit` did: the server accepted the report; it waits on this device for a connection (or
 * another tab's submit of it does); or the device could not keep it (said already).
 */
export type SubmitOutcome = 'sent' | 'queued' | 'not-kept';

/** A signature as "Afronden" gives it. */
export type GivenSignature = { role: SignatureRole; signerName: string; blob: Blob };

export type SubmitRequest = {
  signatures: GivenSignature[];
  verdict?: Verdict;
  verdictReason?: string;
  resolveMalfunctions?: number[];
};

type Waiter = { resolve: (o: SubmitOutcome) => void; reject: (e: ApiError) => void };

/**
 * "Rapport afronden": the signatures and the submit are stored in one transaction after every
 * other change of the report (all of them, or none: a reload can never keep a submit without its
 * signature), and only then said to be kept. Online it resolves 'sent' once the server accepted
 * it (the report query then holds the submitted report) and rejects with the server's ApiError
 * when it is refused (a 422 names the missing answers); without a connection or session it
 * resolves 'queued': it is sent when back.
 */
export function useReportSubmit({
  reportId,
  scope,
  outbox,
  status,
  notify,
  stored,
}: {
  reportId: number;
  scope: string;
  outbox: Outbox<ReportChange>;
  status: OutboxStatus;
  notify: Notifier;
  /** The stores were read again after the put (the overlay shows the stored submit). */
  stored: (changes: readonly ReportChange[]) => Promise<void>;
}) {
  const queryClient = useQueryClient();
  const waiter = useRef<Waiter | null>(null);
  /** Between "Afronden" and the submit being stored: the form is read-only already. */
  const [storing, setStoring] = useState(false);

  const settle = useCallback((outcome: SubmitOutcome | ApiError) => {
    const current = waiter.current;
    waiter.current = null;
    if (!current) return;
    if (typeof outcome === 'string') current.resolve(outcome);
    else current.reject(outcome);
  }, []);

  useEffect(
    () =>
      outbox.onResult((result: OutboxResult<ReportChange>) => {
        if (result.entry.scope !== scope) return;
        // A refused change of the report holds its submit back (sender.ts): said as the refusal.
        if (!result.ok) return settle(result.error);
        if (result.entry.value.kind !== 'submit') return;
        queryClient.setQueryData(reportKeys.detail(reportId), (result.result as { data: ReportDetail }).data);
        settle('sent');
      }),
    [outbox, scope, reportId, queryClient, settle],
  );

  // Without a connection (or a session) a submit waiting for the server stays queued.
  useEffect(() => {
    if (status === 'offline' || status === 'unauthorized') settle('queued');
  }, [status, settle]);

  const submit = useCallback(
    async ({ signatures, verdict, verdictReason, resolveMalfunctions }: SubmitRequest): Promise<SubmitOutcome> => {
      settle('queued');
      const signedAt = serverNowIso();
      const changes: ReportChange[] = [
        ...signatures.map((s): ReportChange => ({ kind: 'signature', ...s, signedAt })),
        {
          kind: 'submit',
          ...(verdict && { verdict, verdictReason: verdictReason ?? '' }),
          ...(resolveMalfunctions?.length ? { resolveMalfunctions } : {}),
          submissionId: crypto.randomUUID(),
        },
      ];
      // Made before the put: the server's answer may come before the put's own promise resolves.
      const outcome = new Promise<SubmitOutcome>((resolve, reject) => {
        waiter.current = { resolve, reject };
      });
      setStoring(true);
      let seqs: number[];
      try {
        seqs = await outbox.putAll(
          changes.map((value) => ({ scope, key: reportChangeKey(value), value, last: value.kind === 'submit' })),
        );
      } catch (err) {
        waiter.current = null;
        // Closed: another tab submitted the report; the stores show it once read again.
        const closed = err instanceof OutboxClosedError;
        if (!closed) notify(NOT_KEPT_TEXT, 'error');
        await stored([]);
        setStoring(false);
        return closed ? 'queued' : 'not-kept';
      }
      // The screen says why a refusal came (the missing questions of a 422), not the app.
      claimResult(seqs.at(-1)!);
      await stored(changes);
      setStoring(false);
      // Typing that still waits goes first, at once.
      void outbox.flush(scope);
      // Not now: no connection (or it failed just before), no session, or a refused change of the
      // report holds it back: it waits on the device.
      if (!navigator.onLine || (outbox.state.status !== 'idle' && outbox.state.status !== 'sending')) settle('queued');
      else if ((await outbox.refused(scope)).length > 0) settle('queued');
      return outcome;
    },
    [outbox, scope, notify, stored, settle],
  );

  return { submit, storing };
}
