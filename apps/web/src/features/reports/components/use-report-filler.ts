import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
import type { ApiError } from '../../../lib/api-client';
import { claimResult, outboxFor, useOnline, useOutboxState } from '../../../lib/outbox/app-outbox';
import { OutboxClosedError, type OutboxResult } from '../../../lib/outbox/outbox';
import type { SaveQueueState } from '../../../lib/outbox/wire';
import { reportKeys } from '../api/reports';
import { judgementOf } from './report-format';
import {
  emptyOverlay,
  overlayOf,
  reportChangeKey,
  reportScope,
  type Overlay,
  type ReportChange,
} from './report-changes';

/** Memo typing is sent after this pause (it is kept on the device at once). */
const MEMO_DELAY_MS = 600;

/** Said when the device cannot keep a change (IndexedDB refused it: storage full or blocked). */
const NOT_KEPT_TEXT = 'Deze wijziging kon niet op dit apparaat worden bewaard';

/** The answer given last (the server keeps the newer `answered_at` too). */
const newer = (a: ReportAnswer | null | undefined, b: ReportAnswer | null | undefined) => {
  if (!a) return b ?? null;
  if (!b) return a;
  return Date.parse(b.answered_at) >= Date.parse(a.answered_at) ? b : a;
};

const without = <V>(record: Record<string, V>, key: string): Record<string, V> => {
  const { [key]: _gone, ...rest } = record;
  return rest;
};

/**
 * The overlay with what waits in the outbox (this tab's, another tab's or a closed one's): the
 * newer answer wins, a waiting skip, flag or submit is the latest given.
 */
function merge(current: Overlay, waiting: Overlay): Overlay {
  const answers = { ...current.answers };
  for (const [id, answer] of Object.entries(waiting.answers)) answers[Number(id)] = newer(answers[Number(id)], answer)!;
  let photos = { ...current.photos, ...waiting.photos };
  for (const id of Object.keys(waiting.deletedPhotos)) photos = without(photos, id);
  return {
    answers,
    skipped: { ...current.skipped, ...waiting.skipped },
    notAtLocation: waiting.notAtLocation ?? current.notAtLocation,
    photos,
    deletedPhotos: { ...current.deletedPhotos, ...waiting.deletedPhotos },
    submit: waiting.submit ?? current.submit,
  };
}

/** A server photo is the same object; a waiting one (made anew each time) has the same id and URL. */
const samePhoto = (a: FillerPhoto, b: FillerPhoto) =>
  a === b || (a.pending === true && b.pending === true && a.id === b.id && a.url === b.url);

/** The same question as shown before: every field the same object (the photos one by one). */
function sameQuestion(a: FillerQuestion, b: FillerQuestion): boolean {
  const keys = Object.keys(b) as (keyof FillerQuestion)[];
  if (keys.length !== Object.keys(a).length) return false;
  for (const key of keys) {
    if (key === 'photos') {
      if (a.photos.length !== b.photos.length || a.photos.some((p, i) => !samePhoto(p, b.photos[i]!))) return false;
    } else if (a[key] !== b[key]) return false;
  }
  return true;
}

/** The same category as shown before: its own fields and each question the same object. */
function sameCategory(a: FillerCategory, b: FillerCategory): boolean {
  const keys = Object.keys(b) as (keyof FillerCategory)[];
  if (keys.length !== Object.keys(a).length) return false;
  for (const key of keys) {
    if (key === 'questions') {
      if (a.questions.length !== b.questions.length || a.questions.some((q, i) => q !== b.questions[i])) return false;
    } else if (a[key] !== b[key]) return false;
  }
  return true;
}

/** A photo as the screen shows it: the server's, or one taken here that waits for its upload. */
export type FillerPhoto = ReportPhoto & { pending?: boolean };
export type FillerQuestion = ReportCategory['questions'][number] & { photos: FillerPhoto[] };
export type FillerCategory = Omit<ReportCategory, 'questions'> & { questions: FillerQuestion[] };

/** What `submit` did: the server accepted the report, or it waits on this device for a connection. */
export type SubmitOutcome = 'sent' | 'queued';

/**
 * Filling in one report: every answer, memo, skip, the not-at-location flag, photos, signatures
 * and the submit are shown at once and queued in the app's outbox (IndexedDB, lib/outbox), which
 * sends them in order from every screen, so nothing given is lost on a reload, a closed app, a
 * lost connection or an expired session (the outbox waits, the user logs in again, and it is sent
 * as that user; the server keeps the newer `answered_at`). Another tab on the same report shows
 * the same waiting changes.
 */
export function useReportFiller(report: ReportDetail, userId: number) {
  const id = report.id;
  const scope = reportScope(id);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const online = useOnline();
  const outbox = useMemo(() => outboxFor<ReportChange>(userId), [userId]);
  const outboxState = useOutboxState();
  const [overlay, setOverlay] = useState<Overlay>(emptyOverlay);
  const [pending, setPending] = useState(0);
  /** Changes handed to the outbox and not yet in its list: "Opslaan..." from the tap on, not after the write. */
  const [putting, setPutting] = useState(0);
  /** The submit waiting for the server's answer (online): resolved or rejected by its result. */
  const submitWaiter = useRef<{
    seq: number | null;
    resolve: (o: SubmitOutcome) => void;
    reject: (e: ApiError) => void;
  } | null>(null);
  const settleSubmit = useCallback((outcome: SubmitOutcome | ApiError) => {
    const waiter = submitWaiter.current;
    submitWaiter.current = null;
    if (!waiter) return;
    if (typeof outcome === 'string') waiter.resolve(outcome);
    else waiter.reject(outcome);
  }, []);

  // What waits for this report (also what another tab or a closed one left), read again whenever
  // the outbox changes; the server's answers update the overlay.
  useEffect(() => {
    let live = true;
    const reload = () =>
      void outbox.list(scope).then((entries) => {
        if (!live) return;
        setPending(entries.length);
        // Nothing waiting (the usual start): the same overlay, so the form does not render again.
        if (entries.length > 0) setOverlay((o) => merge(o, overlayOf(entries)));
      });
    reload();
    const offChange = outbox.onChange(reload);
    const offResult = outbox.onResult((result: OutboxResult<ReportChange>) => {
      const { entry } = result;
      if (entry.scope !== scope) return;
      const change = entry.value;
      if (result.ok) {
        if (change.kind === 'submit') {
          // REPORT_OUTBOX has put the submitted report in the query: the screen shows it.
          queryClient.setQueryData(reportKeys.detail(id), (result.result as { data: ReportDetail }).data);
          setOverlay((o) => ({ ...o, submit: undefined }));
          settleSubmit('sent');
        } else if (change.kind === 'answer') {
          // Another device may have answered later: show what the server keeps.
          const saved = result.result.data as ReportAnswerState | null;
          if (!saved?.answer) return;
          setOverlay((o) => {
            const mine = o.answers[saved.question_id];
            const kept = newer(mine, saved.answer);
            return kept === mine ? o : { ...o, answers: { ...o.answers, [saved.question_id]: kept! } };
          });
        }
        return;
      }
      // Refused (409 submitted elsewhere, 422): the app said why; the screen shows the server's state.
      if (change.kind === 'submit') settleSubmit(result.error);
      setOverlay((o) => {
        switch (change.kind) {
          case 'answer':
            return { ...o, answers: without(o.answers, String(change.questionId)) };
          case 'skip':
            return { ...o, skipped: without(o.skipped, String(change.categoryId)) };
          case 'notAtLocation':
            return { ...o, notAtLocation: undefined };
          case 'photo':
          case 'photoDelete':
            return {
              ...o,
              photos: without(o.photos, change.photoId),
              deletedPhotos: without(o.deletedPhotos, change.photoId),
            };
          case 'submit':
            return { ...o, submit: undefined };
          case 'signature':
            return o;
        }
      });
      void queryClient.invalidateQueries({ queryKey: reportKeys.detail(id) });
    });
    return () => {
      live = false;
      offChange();
      offResult();
    };
  }, [outbox, scope, id, queryClient, settleSubmit]);

  // A submit waiting for the server: without a connection (or a session) it stays queued.
  const status = outboxState.status;
  useEffect(() => {
    if (status === 'offline' || status === 'unauthorized') settleSubmit('queued');
  }, [status, settleSubmit]);

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

  /**
   * The report as this device sees it: the server's, with this device's newer changes over it.
   * A question or category whose parts did not change keeps its object from the previous render,
   * so the memoised question cards of the other 39 questions skip a tap's or a reload's render.
   */
  const previous = useRef(new Map<number, FillerQuestion>());
  const previousCategories = useRef(new Map<number, FillerCategory>());
  const categories: FillerCategory[] = useMemo(() => {
    const questions = new Map<number, FillerQuestion>();
    const built = report.categories.map((c) => {
      const skipped = overlay.skipped[c.id] ?? c.skipped;
      const qs = c.questions.map((q) => {
        const server = (q.photos ?? []).filter((p) => !(p.id in overlay.deletedPhotos));
        const pendingPhotos: FillerPhoto[] = Object.entries(overlay.photos)
          .filter(([photoId, p]) => p.questionId === q.id && !server.some((s) => s.id === photoId))
          .map(([photoId, p]) => ({
            id: photoId,
            url: urlOf(photoId, p.blob),
            width: 0,
            height: 0,
            created_at: p.takenAt,
            pending: true,
          }));
        const next = { ...q, answer: newer(q.answer, overlay.answers[q.id]), photos: [...server, ...pendingPhotos] };
        const before = previous.current.get(q.id);
        const kept = before && sameQuestion(before, next) ? before : next;
        questions.set(q.id, kept);
        return kept;
      });
      const before = previousCategories.current.get(c.id);
      const next = { ...c, skipped, questions: qs };
      return before && sameCategory(before, next) ? before : next;
    });
    previous.current = questions;
    previousCategories.current = new Map(built.map((c) => [c.id, c]));
    return built;
  }, [report.categories, overlay, urlOf]);
  const notAtLocation = overlay.notAtLocation ?? report.not_at_location;
  const pendingSubmit = overlay.submit !== undefined;

  const latest = useRef({ categories, pendingSubmit });
  latest.current = { categories, pendingSubmit };
  /**
   * Queues the change's value (the outbox encodes it when it sends); none once the submit waits
   * (the form is read-only then). Resolves with the entry's number, or null when not kept.
   */
  const save = useCallback(
    async (change: ReportChange, delay = 0): Promise<number | null> => {
      setPutting((n) => n + 1);
      try {
        const seq = await outbox.put(scope, reportChangeKey(change), change, {
          delay,
          last: change.kind === 'submit',
        });
        // Counted as waiting (or already sent) before it stops counting as being put.
        setPending((await outbox.list(scope)).length);
        return seq;
      } catch (err) {
        if (!(err instanceof OutboxClosedError)) notify(NOT_KEPT_TEXT, 'error');
        // Closed: another tab submitted the report; the overlay shows it once read again.
        setOverlay((o) => o);
        return null;
      } finally {
        setPutting((n) => n - 1);
      }
    },
    [outbox, scope, notify],
  );

  const saveAnswer = useCallback(
    (
      questionId: number,
      change: { option?: number | null; value?: string | null; memo?: string | null },
      delay = 0,
    ) => {
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
      void save({ kind: 'answer', questionId, answer }, delay);
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
      if (latest.current.pendingSubmit) return;
      setOverlay((o) => ({ ...o, skipped: { ...o.skipped, [categoryId]: skipped } }));
      void save({ kind: 'skip', categoryId, skipped });
    },
    [save],
  );
  const setNotAtLocation = useCallback(
    (value: boolean) => {
      if (latest.current.pendingSubmit) return;
      setOverlay((o) => ({ ...o, notAtLocation: value }));
      void save({ kind: 'notAtLocation', notAtLocation: value });
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
      if (latest.current.pendingSubmit) return photoId;
      const takenAt = new Date().toISOString();
      setOverlay((o) => ({ ...o, photos: { ...o.photos, [photoId]: { questionId, blob, takenAt } } }));
      void save({ kind: 'photo', questionId, photoId, blob, takenAt });
      return photoId;
    },
    [save],
  );
  /** Removes a photo (a waiting upload of it is replaced by the removal: nothing is sent twice). */
  const removePhoto = useCallback(
    (questionId: number, photoId: string) => {
      if (latest.current.pendingSubmit) return;
      setOverlay((o) => ({
        ...o,
        photos: without(o.photos, photoId),
        deletedPhotos: { ...o.deletedPhotos, [photoId]: questionId },
      }));
      const url = photoUrls.current.get(photoId);
      if (url) {
        URL.revokeObjectURL(url);
        photoUrls.current.delete(photoId);
      }
      void save({ kind: 'photoDelete', questionId, photoId });
    },
    [save],
  );
  /** A signature (a PNG of the pad) of the mechanic or the customer's contact, queued. */
  const sign = useCallback(
    (role: SignatureRole, signerName: string, blob: Blob) => {
      if (latest.current.pendingSubmit) return;
      void save({ kind: 'signature', role, signerName, signedAt: new Date().toISOString(), blob });
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
    async ({
      verdict,
      verdictReason,
      resolveMalfunctions,
    }: { verdict?: Verdict; verdictReason?: string; resolveMalfunctions?: number[] } = {}): Promise<SubmitOutcome> => {
      const change: ReportChange = {
        kind: 'submit',
        ...(verdict && { verdict, verdictReason: verdictReason ?? '' }),
        ...(resolveMalfunctions?.length ? { resolveMalfunctions } : {}),
      };
      settleSubmit('queued');
      const outcome = new Promise<SubmitOutcome>((resolve, reject) => {
        submitWaiter.current = { seq: null, resolve, reject };
      });
      const waiter = submitWaiter.current!;
      setOverlay((o) => ({ ...o, submit: { verdict, verdictReason } }));
      latest.current.pendingSubmit = true;
      const seq = await save(change);
      if (seq === null) {
        setOverlay((o) => ({ ...o, submit: undefined }));
        settleSubmit('queued');
        return outcome;
      }
      waiter.seq = seq;
      // The screen says why a refusal came (the missing questions of a 422), not the app.
      claimResult(seq);
      // Typing that still waits goes first, at once.
      void outbox.flush(scope);
      // Not now: no connection (or it failed just before), or no session: it waits on the device.
      if (!navigator.onLine || (outbox.state.status !== 'idle' && outbox.state.status !== 'sending'))
        settleSubmit('queued');
      return outcome;
    },
    [outbox, scope, save, settleSubmit],
  );

  const saving: SaveQueueState = {
    pending: pending + putting,
    status: outboxState.status === 'sending' ? 'saving' : outboxState.status,
    failed: null,
  };
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
    /** This report's waiting changes and the outbox's state: sending, offline, session ended. */
    saving,
    offline: !online || outboxState.status === 'offline',
    /** Sends everything waiting (memo typing included) and resolves when the server has it. */
    flush: () => outbox.flush(scope),
  };
}
