import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReportAnswer, ReportAnswerState, ReportCategory, ReportDetail } from '@keurwijzer/shared/reports';
import { useNotify } from '../../../components/feedback/notifications';
import { errorMessage } from '../../../lib/api-client';
import { AUTH_QUERY_KEY } from '../../../lib/query-client';
import { createSaveQueue, type SaveQueue, type SaveQueueState } from '../../../lib/save-queue';
import { reportKeys } from '../api/reports';
import { judgementOf } from './report-format';
import { encodeReportChange, overlayOf, reportChangeKey, reportQueueStorage, type ReportChange } from './report-changes';

/** Memo typing is sent after this pause (it is kept in the browser at once). */
const MEMO_DELAY_MS = 600;

/** The answer given last (the server keeps the newer `answered_at` too). */
const newer = (a: ReportAnswer | null | undefined, b: ReportAnswer | null | undefined) => {
  if (!a) return b ?? null;
  if (!b) return a;
  return Date.parse(b.answered_at) >= Date.parse(a.answered_at) ? b : a;
};

/** The browser's idea of the connection, followed live. */
function useOnline() {
  return useSyncExternalStore(
    (notify) => {
      window.addEventListener('online', notify);
      window.addEventListener('offline', notify);
      return () => {
        window.removeEventListener('online', notify);
        window.removeEventListener('offline', notify);
      };
    },
    () => navigator.onLine,
  );
}

/**
 * Filling in one report: every answer, memo, skip and the not-at-location flag is shown at once
 * and sent through a save queue kept in localStorage (per report), so nothing given is lost on a
 * reload, a closed tab, a lost connection or an expired session (the queue waits, the user logs
 * in again, and the next visit replays it; the server keeps the newer `answered_at`).
 */
export function useReportFiller(report: ReportDetail, userId: number) {
  const id = report.id;
  const queryClient = useQueryClient();
  const notify = useNotify();
  const online = useOnline();
  const [overlay, setOverlay] = useState(() => overlayOf(reportQueueStorage(userId, id).load()));
  const [queue, setQueue] = useState<SaveQueue<ReportChange> | null>(null);
  const [state, setState] = useState<SaveQueueState>({ pending: 0, status: 'idle', failed: null });

  useEffect(() => {
    const q = createSaveQueue<ReportChange>({
      encode: (change) => encodeReportChange(id, change.value),
      storage: reportQueueStorage(userId, id),
      onSaved: (change, result) => {
        if (change.value.kind !== 'answer') return;
        // Another device may have answered later: show what the server keeps.
        const saved = result.data as ReportAnswerState | null;
        if (!saved?.answer) return;
        setOverlay((o) => {
          const mine = o.answers[saved.question_id];
          const kept = newer(mine, saved.answer);
          return kept === mine ? o : { ...o, answers: { ...o.answers, [saved.question_id]: kept! } };
        });
      },
    });
    setQueue(q);
    const unsubscribe = q.subscribe(setState);
    return () => {
      unsubscribe();
      q.dispose();
    };
  }, [id, userId]);

  // The connection is back: send now instead of after the next retry pause.
  useEffect(() => {
    if (online) queue?.retryNow();
  }, [online, queue]);

  // The session ended: the changes wait in storage, the guard sends the user to login and back.
  useEffect(() => {
    if (state.status === 'unauthorized') queryClient.setQueryData(AUTH_QUERY_KEY, null);
  }, [state.status, queryClient]);

  // A refused change (409 submitted elsewhere, 422) is said once; the screen shows the server's state.
  const failed = state.failed;
  useEffect(() => {
    if (!failed) return;
    notify(errorMessage(failed.error), 'error');
    setOverlay((o) => {
      const [kind, key] = failed.key.split(':');
      if (kind === 'answer') return { ...o, answers: Object.fromEntries(Object.entries(o.answers).filter(([k]) => k !== key)) };
      if (kind === 'category') return { ...o, skipped: Object.fromEntries(Object.entries(o.skipped).filter(([k]) => k !== key)) };
      return { ...o, notAtLocation: undefined };
    });
    void queryClient.invalidateQueries({ queryKey: reportKeys.detail(id) });
  }, [failed, notify, queryClient, id]);

  // Saved answers change the task list's progress and status: refetched when next shown.
  const idle = state.status === 'idle' && state.pending === 0;
  useEffect(() => {
    if (!idle) return;
    void queryClient.invalidateQueries({ queryKey: ['tasklists'], refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: ['reports'], refetchType: 'none' });
  }, [idle, queryClient]);

  /** The report as this device sees it: the server's, with this device's newer changes over it. */
  const categories: ReportCategory[] = useMemo(
    () =>
      report.categories.map((c) => ({
        ...c,
        skipped: overlay.skipped[c.id] ?? c.skipped,
        questions: c.questions.map((q) => ({ ...q, answer: newer(q.answer, overlay.answers[q.id]) })),
      })),
    [report.categories, overlay],
  );
  const notAtLocation = overlay.notAtLocation ?? report.not_at_location;

  const latest = useRef({ categories, queue });
  latest.current = { categories, queue };
  /** Queues the change's value (the queue encodes it when it sends). */
  const save = useCallback(
    (change: ReportChange, delay = 0) => latest.current.queue?.save(reportChangeKey(change), change, { delay }),
    [],
  );

  const saveAnswer = useCallback(
    (questionId: number, change: { option?: number | null; value?: string | null; memo?: string }, delay = 0) => {
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
        answered_at: new Date().toISOString(),
      };
      setOverlay((o) => ({ ...o, answers: { ...o.answers, [questionId]: answer } }));
      save({ kind: 'answer', questionId, answer }, delay);
    },
    [save],
  );

  /** One tap: the chosen option (the memo stays). */
  const answer = useCallback((questionId: number, option: number) => saveAnswer(questionId, { option }), [saveAnswer]);
  /**
   * A measured value (canonical, "0.30"; null: none) as typed: shown and kept at once, sent after
   * a pause (the field passes only a value that parses; see MeasurementField).
   */
  const measure = useCallback(
    (questionId: number, value: string | null) => saveAnswer(questionId, { value }, MEMO_DELAY_MS),
    [saveAnswer],
  );
  /** Typing in the memo: shown and kept at once, sent after a pause. */
  const memo = useCallback(
    (questionId: number, text: string) => saveAnswer(questionId, { memo: text }, MEMO_DELAY_MS),
    [saveAnswer],
  );
  const skip = useCallback(
    (categoryId: number, skipped: boolean) => {
      setOverlay((o) => ({ ...o, skipped: { ...o.skipped, [categoryId]: skipped } }));
      save({ kind: 'skip', categoryId, skipped });
    },
    [save],
  );
  const setNotAtLocation = useCallback(
    (value: boolean) => {
      setOverlay((o) => ({ ...o, notAtLocation: value }));
      save({ kind: 'notAtLocation', notAtLocation: value });
    },
    [save],
  );

  return {
    categories,
    notAtLocation,
    answer,
    measure,
    memo,
    skip,
    setNotAtLocation,
    /** The queue's state: waiting changes, sending, offline, session ended. */
    saving: state,
    offline: !online || state.status === 'offline',
    /** Sends everything waiting (memo typing included) and resolves when the server has it. */
    flush: () => queue?.flush() ?? Promise.resolve(),
  };
}
