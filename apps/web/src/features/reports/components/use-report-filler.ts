import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Verdict } from '@keurwijzer/shared/compliance';
import type {
  ReportAnswer,
  ReportAnswerState,
  ReportCategory,
  ReportDetail,
  ReportPhoto,
  SignatureRole,
} from '@keurwijzer/shared/reports';
import { useNotify } from '../../../components/feedback/notifications';
import { type ApiError, errorMessage } from '../../../lib/api-client';
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

/** A photo as the screen shows it: the server's, or one taken here that waits for its upload. */
export type FillerPhoto = ReportPhoto & { pending?: boolean };
export type FillerQuestion = ReportCategory['questions'][number] & { photos: FillerPhoto[] };
export type FillerCategory = Omit<ReportCategory, 'questions'> & { questions: FillerQuestion[] };

/** What `submit` did: the server accepted the report, or it waits on this device for a connection. */
export type SubmitOutcome = 'sent' | 'queued';

/**
 * Filling in one report: every answer, memo, skip, the not-at-location flag, photos, signatures
 * and the submit are shown at once and sent through the save queue, so nothing given is lost on a
 * reload, a closed tab, a lost connection or an expired session (the queue waits, the user logs
 * in again, and the queue is sent as that user; the server keeps the newer `answered_at`).
 */
export function useReportFiller(report: ReportDetail, userId: number) {
  const id = report.id;
  const queryClient = useQueryClient();
  const notify = useNotify();
  const online = useOnline();
  const [overlay, setOverlay] = useState(() => overlayOf(reportQueueStorage(userId, id).load()));
  const [queue, setQueue] = useState<SaveQueue<ReportChange> | null>(null);
  const [state, setState] = useState<SaveQueueState>({ pending: 0, status: 'idle', failed: null });
  /** The submit waiting for the server's answer (online): resolved or rejected by the queue. */
  const submitWaiter = useRef<{ resolve: (o: SubmitOutcome) => void; reject: (e: ApiError) => void } | null>(null);

  useEffect(() => {
    const q = createSaveQueue<ReportChange>({
      encode: (change) => encodeReportChange(id, change.value),
      storage: reportQueueStorage(userId, id),
      onSaved: (change, result) => {
        if (change.value.kind === 'submit') {
          queryClient.setQueryData(reportKeys.detail(id), result.data as ReportDetail);
          setOverlay((o) => ({ ...o, submit: undefined }));
          submitWaiter.current?.resolve('sent');
          submitWaiter.current = null;
          return;
        }
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
  }, [id, userId, queryClient]);

  // The connection is back: send now instead of after the next retry pause.
  useEffect(() => {
    if (online) queue?.retryNow();
  }, [online, queue]);

  // The session ended: the changes wait in storage, the guard sends the user to login and back.
  useEffect(() => {
    if (state.status === 'unauthorized') queryClient.setQueryData(AUTH_QUERY_KEY, null);
  }, [state.status, queryClient]);

  // A submit waiting for the server: without a connection (or a session) it stays queued.
  useEffect(() => {
    if (state.status !== 'offline' && state.status !== 'unauthorized') return;
    submitWaiter.current?.resolve('queued');
    submitWaiter.current = null;
  }, [state.status]);

  // A refused change (409 submitted elsewhere, 422) is said once; the screen shows the server's state.
  const failed = state.failed;
  useEffect(() => {
    if (!failed) return;
    const [kind, key] = failed.key.split(':');
    if (kind === 'submit' && submitWaiter.current) {
      // The screen says why (the missing questions of a 422).
      submitWaiter.current.reject(failed.error);
      submitWaiter.current = null;
    } else notify(errorMessage(failed.error), 'error');
    setOverlay((o) => {
      if (kind === 'answer') return { ...o, answers: Object.fromEntries(Object.entries(o.answers).filter(([k]) => k !== key)) };
      if (kind === 'category') return { ...o, skipped: Object.fromEntries(Object.entries(o.skipped).filter(([k]) => k !== key)) };
      if (kind === 'photo') {
        const { [key!]: _photo, ...photos } = o.photos;
        const { [key!]: _deleted, ...deletedPhotos } = o.deletedPhotos;
        return { ...o, photos, deletedPhotos };
      }
      if (kind === 'submit') return { ...o, submit: undefined };
      if (kind === 'report') return { ...o, notAtLocation: undefined };
      return o;
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

  // Object URLs of the photos that wait for their upload (made once per photo, revoked on unmount).
  const photoUrls = useRef(new Map<string, string>());
  useEffect(() => {
    const urls = photoUrls.current;
    return () => {
      for (const url of urls.values()) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);
  const urlOf = useCallback((photoId: string, blob: Blob) => {
    let url = photoUrls.current.get(photoId);
    if (!url) {
      url = URL.createObjectURL(blob);
      photoUrls.current.set(photoId, url);
    }
    return url;
  }, []);

  /** The report as this device sees it: the server's, with this device's newer changes over it. */
  const categories: FillerCategory[] = useMemo(
    () =>
      report.categories.map((c) => ({
        ...c,
        skipped: overlay.skipped[c.id] ?? c.skipped,
        questions: c.questions.map((q) => {
          const server = (q.photos ?? []).filter((p) => !(p.id in overlay.deletedPhotos));
          const pending: FillerPhoto[] = Object.entries(overlay.photos)
            .filter(([photoId, p]) => p.questionId === q.id && !server.some((s) => s.id === photoId))
            .map(([photoId, p]) => ({
              id: photoId,
              url: urlOf(photoId, p.blob),
              width: 0,
              height: 0,
              created_at: p.takenAt,
              pending: true,
            }));
          return { ...q, answer: newer(q.answer, overlay.answers[q.id]), photos: [...server, ...pending] };
        }),
      })),
    [report.categories, overlay, urlOf],
  );
  const notAtLocation = overlay.notAtLocation ?? report.not_at_location;
  const pendingSubmit = overlay.submit !== undefined;

  const latest = useRef({ categories, queue, pendingSubmit });
  latest.current = { categories, queue, pendingSubmit };
  /** Queues the change's value (the queue encodes it when it sends); none once the submit waits. */
  const save = useCallback((change: ReportChange, delay = 0) => {
    if (latest.current.pendingSubmit) return false;
    latest.current.queue?.save(reportChangeKey(change), change, { delay });
    return true;
  }, []);

  const saveAnswer = useCallback(
    (questionId: number, change: { option?: number | null; value?: string | null; memo?: string | null }, delay = 0) => {
      if (latest.current.pendingSubmit) return;
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
  /** Takes the answer back (option and value; the memo stays). */
  const clearAnswer = useCallback(
    (questionId: number) => saveAnswer(questionId, { option: null, value: null }),
    [saveAnswer],
  );
  const skip = useCallback(
    (categoryId: number, skipped: boolean) => {
      if (!save({ kind: 'skip', categoryId, skipped })) return;
      setOverlay((o) => ({ ...o, skipped: { ...o.skipped, [categoryId]: skipped } }));
    },
    [save],
  );
  const setNotAtLocation = useCallback(
    (value: boolean) => {
      if (!save({ kind: 'notAtLocation', notAtLocation: value })) return;
      setOverlay((o) => ({ ...o, notAtLocation: value }));
    },
    [save],
  );

  /**
   * A photo of a question's answer (already made smaller): shown at once and queued for upload.
   * Returns its id (a uuid: the upload is idempotent per id).
   */
  const addPhoto = useCallback(
    (questionId: number, blob: Blob): string => {
      const photoId = crypto.randomUUID();
      const takenAt = new Date().toISOString();
      if (save({ kind: 'photo', questionId, photoId, blob, takenAt })) {
        setOverlay((o) => {
          const { [photoId]: _gone, ...deletedPhotos } = o.deletedPhotos;
          return { ...o, photos: { ...o.photos, [photoId]: { questionId, blob, takenAt } }, deletedPhotos };
        });
      }
      return photoId;
    },
    [save],
  );
  /** Removes a photo (a waiting upload of it is replaced by the removal: nothing is sent twice). */
  const removePhoto = useCallback(
    (questionId: number, photoId: string) => {
      if (!save({ kind: 'photoDelete', questionId, photoId })) return;
      setOverlay((o) => {
        const { [photoId]: _gone, ...photos } = o.photos;
        return { ...o, photos, deletedPhotos: { ...o.deletedPhotos, [photoId]: questionId } };
      });
      const url = photoUrls.current.get(photoId);
      if (url) {
        URL.revokeObjectURL(url);
        photoUrls.current.delete(photoId);
      }
    },
    [save],
  );
  /** A signature (a PNG of the pad) of the mechanic or the customer's contact, queued. */
  const sign = useCallback(
    (role: SignatureRole, signerName: string, blob: Blob) => {
      save({ kind: 'signature', role, signerName, signedAt: new Date().toISOString(), blob });
    },
    [save],
  );

  /**
   * "Rapport afronden": queued after every other change of the report (the form is read-only from
   * here). Online it resolves 'sent' once the server accepted it (the report query then holds the
   * submitted report) and rejects with the server's ApiError when it is refused (a 422 names the
   * missing answers); without a connection or session it resolves 'queued': it is sent when back.
   */
  const submit = useCallback(
    ({ verdict, verdictReason }: { verdict?: Verdict; verdictReason?: string } = {}): Promise<SubmitOutcome> => {
      const q = latest.current.queue;
      if (!q) return Promise.resolve('queued');
      const change: ReportChange = { kind: 'submit', ...(verdict && { verdict, verdictReason: verdictReason ?? '' }) };
      submitWaiter.current?.resolve('queued');
      const outcome = new Promise<SubmitOutcome>((resolve, reject) => {
        submitWaiter.current = { resolve, reject };
      });
      setOverlay((o) => ({ ...o, submit: { verdict, verdictReason } }));
      latest.current.pendingSubmit = true;
      q.save(reportChangeKey(change), change);
      // Typing that still waits goes first, at once.
      void q.flush();
      if (!navigator.onLine) {
        submitWaiter.current?.resolve('queued');
        submitWaiter.current = null;
      }
      return outcome;
    },
    [],
  );

  return {
    categories,
    notAtLocation,
    answer,
    measure,
    memo,
    clearAnswer,
    skip,
    setNotAtLocation,
    addPhoto,
    removePhoto,
    sign,
    submit,
    /** A submit waits on this device (the form is read-only until the server has it). */
    pendingSubmit,
    /** The queue's state: waiting changes, sending, offline, session ended. */
    saving: state,
    offline: !online || state.status === 'offline',
    /** Sends everything waiting (memo typing included) and resolves when the server has it. */
    flush: () => queue?.flush() ?? Promise.resolve(),
  };
}
