import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReportAnswer, ReportAnswerState, ReportCategory, ReportDetail } from '@keurwijzer/shared/reports';
import { useNotify } from '../../../components/feedback/notifications';
import { errorMessage } from '../../../lib/api-client';
import { AUTH_QUERY_KEY } from '../../../lib/query-client';
import {
  createSaveQueue,
  localQueueStorage,
  type QueuedChange,
  type SaveQueue,
  type SaveQueueState,
} from '../../../lib/save-queue';
import { reportKeys, reportPaths } from '../api/reports';

/** Memo typing is sent after this pause (it is kept in the browser at once). */
export const MEMO_DELAY_MS = 600;

/**
 * Where a report's unsent changes wait in the browser: a reload or a new login of the same user
 * sends them. The user is part of the key, so another person logging in on a shared tablet never
 * sends (or sees) what the previous one left unsent.
 */
export const reportQueueKey = (userId: number, reportId: number) => `keurwijzer.report.${userId}.${reportId}.queue`;

/** What this device changed and the server may not have yet (newer ones win over the server's). */
type Overlay = {
  answers: Record<number, ReportAnswer>;
  skipped: Record<number, boolean>;
  notAtLocation?: boolean;
};

const answerKey = (questionId: number) => `answer:${questionId}`;
const categoryKey = (categoryId: number) => `category:${categoryId}`;
const REPORT_KEY = 'report';

/** The overlay of the changes a closed tab left waiting (their bodies are what was given). */
function overlayOf(changes: readonly QueuedChange[]): Overlay {
  const overlay: Overlay = { answers: {}, skipped: {} };
  for (const { key, body } of changes) {
    const [kind, id] = key.split(':');
    if (kind === 'answer') {
      overlay.answers[Number(id)] = {
        option: body.option === '' || body.option == null ? null : Number(body.option),
        memo: typeof body.memo === 'string' && body.memo ? body.memo : null,
        answered_at: String(body.answered_at),
      };
    } else if (kind === 'category') overlay.skipped[Number(id)] = body.skipped === '1';
    else if (key === REPORT_KEY) overlay.notAtLocation = body.not_at_location === '1';
  }
  return overlay;
}

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
  const [overlay, setOverlay] = useState<Overlay>(() => overlayOf(localQueueStorage(reportQueueKey(userId, id)).load()));
  const [queue, setQueue] = useState<SaveQueue | null>(null);
  const [state, setState] = useState<SaveQueueState>({ pending: 0, status: 'idle', failed: null });

  useEffect(() => {
    const q = createSaveQueue({
      storage: localQueueStorage(reportQueueKey(userId, id)),
      onSaved: (change, result) => {
        if (!change.key.startsWith('answer:')) return;
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

  const saveAnswer = useCallback(
    (questionId: number, change: { option?: number | null; memo?: string }, delay = 0) => {
      const current = latest.current.categories.flatMap((c) => c.questions).find((q) => q.id === questionId)?.answer;
      const answer: ReportAnswer = {
        option: change.option !== undefined ? change.option : (current?.option ?? null),
        memo: change.memo !== undefined ? change.memo : (current?.memo ?? null),
        answered_at: new Date().toISOString(),
      };
      setOverlay((o) => ({ ...o, answers: { ...o.answers, [questionId]: answer } }));
      latest.current.queue?.save(
        answerKey(questionId),
        reportPaths.answer(id, questionId),
        { option: answer.option ?? '', memo: answer.memo ?? '', answered_at: answer.answered_at },
        'PUT',
        { delay },
      );
    },
    [id],
  );

  /** One tap: the chosen option (the memo stays). */
  const answer = useCallback((questionId: number, option: number) => saveAnswer(questionId, { option }), [saveAnswer]);
  /** Typing in the memo: shown and kept at once, sent after a pause. */
  const memo = useCallback(
    (questionId: number, text: string) => saveAnswer(questionId, { memo: text }, MEMO_DELAY_MS),
    [saveAnswer],
  );
  const skip = useCallback(
    (categoryId: number, skipped: boolean) => {
      setOverlay((o) => ({ ...o, skipped: { ...o.skipped, [categoryId]: skipped } }));
      latest.current.queue?.save(
        categoryKey(categoryId),
        reportPaths.category(id, categoryId),
        { skipped: skipped ? '1' : '0' },
        'PUT',
      );
    },
    [id],
  );
  const setNotAtLocation = useCallback(
    (value: boolean) => {
      setOverlay((o) => ({ ...o, notAtLocation: value }));
      latest.current.queue?.save(REPORT_KEY, reportPaths.report(id), { not_at_location: value ? '1' : '0' }, 'PUT');
    },
    [id],
  );

  return {
    categories,
    notAtLocation,
    answer,
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
