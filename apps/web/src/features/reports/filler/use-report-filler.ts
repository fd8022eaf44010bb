import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReportAnswer, ReportDetail } from '@keurwijzer/shared/reports';
import { useNotify } from '../../../components/feedback/notifications';
import { serverNowIso } from '../../../lib/server-clock';
import { outboxFor, useOnline, useOutboxState } from '../../../lib/outbox/app-outbox';
import { OutboxClosedError } from '../../../lib/outbox/outbox';
import type { SaveQueueState } from '../../../lib/outbox/wire';
import { reportKeys } from '../../../lib/api/report-query';
import { judgementOf } from '../components/report-format';
import { useFillerCategories } from './filler-view';
import { reportChangeKey, reportScope, type ReportChange } from './report-changes';
import { NOT_KEPT_TEXT, useReportSubmit } from './use-report-submit';
import { useReportOverlay } from './use-report-overlay';

export type { FillerCategory, FillerPhoto, FillerQuestion } from './filler-view';
export type { GivenSignature, SubmitOutcome, SubmitRequest } from './use-report-submit';

/** Memo typing is sent after this pause (it is kept on the device at once). */
const MEMO_DELAY_MS = 600;

/** What the user reads for a change in the outbox's list. */
function labelOf(change: ReportChange, report: ReportDetail): string {
  const questions = report.categories.flatMap((c) => c.questions);
  const number = (id: number) => questions.findIndex((q) => q.id === id) + 1;
  const named = (id: number) => `vraag ${number(id)}: ${questions.find((q) => q.id === id)?.name ?? ''}`;
  switch (change.kind) {
    case 'answer':
      return `Antwoord op ${named(change.questionId)}`;
    case 'photo':
      return `Foto bij ${named(change.questionId)}`;
    case 'photoDelete':
      return `Foto verwijderd bij ${named(change.questionId)}`;
    case 'skip':
      return `Categorie ${report.categories.find((c) => c.id === change.categoryId)?.name ?? ''} ${change.skipped ? 'overgeslagen' : 'teruggezet'}`;
    case 'notAtLocation':
      return 'Machine niet aanwezig op locatie';
    case 'signature':
      return change.role === 'mechanic' ? 'Handtekening monteur' : 'Handtekening klant';
    case 'submit':
      return 'Rapport afronden';
  }
}

/**
 * Filling in one report: every answer, memo, skip, the not-at-location flag, photos, signatures
 * and the submit are shown at once and queued in the app's outbox (IndexedDB, lib/outbox), which
 * sends them in order from every screen, so nothing given is lost on a reload, a closed app, a
 * lost connection or an expired session. What the server accepted stays on the device until a
 * fresh read shows it (use-report-overlay.ts); another tab on the same report shows the same.
 */
export function useReportFiller(report: ReportDetail, userId: number) {
  const id = report.id;
  const scope = reportScope(id);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const online = useOnline();
  const outbox = useMemo(() => outboxFor<ReportChange>(userId), [userId]);
  const outboxState = useOutboxState();
  const device = useReportOverlay(report, outbox, scope);
  const { overlay, draft, settle } = device;
  const { submit, storing } = useReportSubmit({
    reportId: id,
    scope,
    outbox,
    status: outboxState.status,
    notify,
    stored: settle,
  });
  const { categories, revokePhoto } = useFillerCategories(report, overlay);

  // A refused change leaves the overlay (the outbox lists it): the screen reads the server's state.
  useEffect(
    () =>
      outbox.onResult((result) => {
        if (!result.ok && result.entry.scope === scope)
          void queryClient.invalidateQueries({ queryKey: reportKeys.detail(id) });
      }),
    [outbox, scope, id, queryClient],
  );

  const notAtLocation = overlay.notAtLocation ?? report.not_at_location;
  const pendingSubmit = overlay.submit !== undefined || storing;
  const latest = useRef({ categories, pendingSubmit, report });
  latest.current = { categories, pendingSubmit, report };

  /** Shows the change at once and queues it; none once the submit waits (the form is read-only then). */
  const save = useCallback(
    async (change: ReportChange, delay = 0) => {
      if (latest.current.pendingSubmit) return;
      draft(change);
      try {
        await outbox.put(scope, reportChangeKey(change), change, {
          delay,
          label: labelOf(change, latest.current.report),
          scopeLabel: `Rapport ${latest.current.report.machine.name}`,
        });
      } catch (err) {
        // Closed: another tab submitted the report; the stores show it once read again.
        if (!(err instanceof OutboxClosedError)) notify(NOT_KEPT_TEXT, 'error');
      }
      await settle([change]);
    },
    [outbox, scope, notify, draft, settle],
  );

  const saveAnswer = useCallback(
    (
      questionId: number,
      change: { option?: number | null; value?: string | null; memo?: string | null },
      delay = 0,
    ) => {
      const question = latest.current.categories.flatMap((c) => c.questions).find((q) => q.id === questionId);
      const current = question?.answer;
      const given = {
        option: change.option !== undefined ? change.option : (current?.option ?? null),
        value: change.value !== undefined ? change.value : (current?.value ?? null),
      };
      const answer: ReportAnswer = {
        ...given,
        // Shown at once; the server's trigger stores the same judgement.
        judgement: question ? judgementOf(question, given) : null,
        memo: change.memo !== undefined ? change.memo : (current?.memo ?? null),
        answered_at: serverNowIso(),
      };
      void save({ kind: 'answer', questionId, answer }, delay);
    },
    [save],
  );

  /** A photo of a question's answer (already made smaller): shown at once and queued for upload. */
  const addPhoto = useCallback(
    (questionId: number, blob: Blob): string => {
      const photoId = crypto.randomUUID();
      void save({ kind: 'photo', questionId, photoId, blob, takenAt: serverNowIso() });
      return photoId;
    },
    [save],
  );

  const saving: SaveQueueState = {
    pending: device.pending,
    status: outboxState.status === 'sending' ? 'saving' : outboxState.status,
    storing: device.storing,
  };
  return {
    categories,
    notAtLocation,
    /** One tap: the chosen option (the memo stays). */
    answer: useCallback((questionId: number, option: number) => saveAnswer(questionId, { option }), [saveAnswer]),
    /** A measured value (canonical, "0.30"; null: none) as typed: shown and kept at once, sent after a pause. */
    measure: useCallback(
      (questionId: number, value: string | null) => saveAnswer(questionId, { value }, MEMO_DELAY_MS),
      [saveAnswer],
    ),
    /** Typing in the memo: shown and kept at once, sent after a pause. */
    memo: useCallback(
      (questionId: number, text: string) => saveAnswer(questionId, { memo: text }, MEMO_DELAY_MS),
      [saveAnswer],
    ),
    /** Takes the answer back (option and value; the memo stays). */
    clearAnswer: useCallback(
      (questionId: number) => saveAnswer(questionId, { option: null, value: null }),
      [saveAnswer],
    ),
    skip: useCallback(
      (categoryId: number, skipped: boolean) => void save({ kind: 'skip', categoryId, skipped }),
      [save],
    ),
    setNotAtLocation: useCallback(
      (value: boolean) => void save({ kind: 'notAtLocation', notAtLocation: value }),
      [save],
    ),
    addPhoto,
    /** Removes a photo (a waiting upload of it is replaced by the removal: nothing is sent twice). */
    removePhoto: useCallback(
      (questionId: number, photoId: string) => {
        if (latest.current.pendingSubmit) return;
        revokePhoto(photoId);
        void save({ kind: 'photoDelete', questionId, photoId });
      },
      [save, revokePhoto],
    ),
    /** "Rapport afronden" with its signatures (use-report-submit.ts). */
    submit,
    /** A submit waits on this device (the form is read-only until the server has it). */
    pendingSubmit,
    /** The submit is stored on the device (not only given): "Rapport afgerond op dit apparaat". */
    submitKept: device.submitStored,
    /** This report's changes the server refused (listed under the outbox badge too). */
    refused: device.refused,
    /** The device's stores have been read (a waiting submit shows from the first render). */
    ready: device.ready,
    /** This report's waiting changes and the outbox's state: sending, offline, session ended. */
    saving,
    offline: !online || outboxState.status === 'offline',
    /** Sends everything waiting (memo typing included) and resolves when the server has it. */
    flush: () => outbox.flush(scope),
  };
}
