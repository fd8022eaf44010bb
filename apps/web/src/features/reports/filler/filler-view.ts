import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { ReportAnswer, ReportCategory, ReportDetail, ReportPhoto } from '@keurwijzer/shared/reports';
import { newer, type Overlay } from './report-changes';

/** A photo as the screen shows it: the server's, or one taken here that its copy does not have yet. */
export type FillerPhoto = ReportPhoto & { pending?: boolean };
export type FillerQuestion = ReportCategory['questions'][number] & { photos: FillerPhoto[] };
export type FillerCategory = Omit<ReportCategory, 'questions'> & { questions: FillerQuestion[] };

/** The same answer as given (a read of the outbox makes new objects of the same values). */
const sameAnswer = (a: ReportAnswer | null | undefined, b: ReportAnswer | null | undefined) =>
  a === b ||
  (!!a &&
    !!b &&
    a.answered_at === b.answered_at &&
    a.option === b.option &&
    a.value === b.value &&
    a.memo === b.memo &&
    a.judgement === b.judgement);

/** A server photo is the same object; one of this device (made anew each time) has the same id and URL. */
const samePhoto = (a: FillerPhoto, b: FillerPhoto) =>
  a === b || (a.pending === true && b.pending === true && a.id === b.id && a.url === b.url);

/** The same question as shown before: every field the same (the answer by value, the photos one by one). */
function sameQuestion(a: FillerQuestion, b: FillerQuestion): boolean {
  const keys = Object.keys(b) as (keyof FillerQuestion)[];
  if (keys.length !== Object.keys(a).length) return false;
  return keys.every((key) => {
    if (key === 'photos')
      return a.photos.length === b.photos.length && a.photos.every((p, i) => samePhoto(p, b.photos[i]!));
    if (key === 'answer') return sameAnswer(a.answer, b.answer);
    return a[key] === b[key];
  });
}

/** The same category as shown before: its own fields and each question the same object. */
function sameCategory(a: FillerCategory, b: FillerCategory): boolean {
  const keys = Object.keys(b) as (keyof FillerCategory)[];
  if (keys.length !== Object.keys(a).length) return false;
  return keys.every((key) =>
    key === 'questions'
      ? a.questions.length === b.questions.length && a.questions.every((q, i) => q === b.questions[i])
      : a[key] === b[key],
  );
}

/** Object URLs of this device's photos (one per photo, revoked when the screen goes). */
function usePhotoUrls() {
  const urls = useRef(new Map<string, string>());
  useEffect(() => {
    const map = urls.current;
    return () => {
      for (const url of map.values()) URL.revokeObjectURL(url);
      map.clear();
    };
  }, []);
  const urlOf = useCallback((photoId: string, blob: Blob) => {
    let url = urls.current.get(photoId);
    if (!url) {
      url = URL.createObjectURL(blob);
      urls.current.set(photoId, url);
    }
    return url;
  }, []);
  const revoke = useCallback((photoId: string) => {
    const url = urls.current.get(photoId);
    if (url) URL.revokeObjectURL(url);
    urls.current.delete(photoId);
  }, []);
  return { urlOf, revoke };
}

/**
 * The report as this device sees it: the server's copy with the device's newer changes over it.
 * A question or category whose parts did not change keeps its object from the previous render,
 * so the memoised question cards of the other questions skip a tap's or a reload's render.
 */
export function useFillerCategories(report: ReportDetail, overlay: Overlay) {
  const { urlOf, revoke } = usePhotoUrls();
  const previous = useRef(new Map<number, FillerQuestion>());
  const previousCategories = useRef(new Map<number, FillerCategory>());
  const categories: FillerCategory[] = useMemo(() => {
    const questions = new Map<number, FillerQuestion>();
    const built = report.categories.map((c) => {
      const qs = c.questions.map((q) => {
        const server = (q.photos ?? []).filter((p) => !(p.id in overlay.deletedPhotos));
        const mine: FillerPhoto[] = Object.entries(overlay.photos)
          .filter(([photoId, p]) => p.questionId === q.id && !server.some((s) => s.id === photoId))
          .map(([photoId, p]) => ({
            id: photoId,
            url: urlOf(photoId, p.blob),
            width: 0,
            height: 0,
            created_at: p.takenAt,
            pending: true,
          }));
        const next = { ...q, answer: newer(q.answer, overlay.answers[q.id]), photos: [...server, ...mine] };
        const before = previous.current.get(q.id);
        const kept = before && sameQuestion(before, next) ? before : next;
        questions.set(q.id, kept);
        return kept;
      });
      const before = previousCategories.current.get(c.id);
      const next = { ...c, skipped: overlay.skipped[c.id] ?? c.skipped, questions: qs };
      return before && sameCategory(before, next) ? before : next;
    });
    previous.current = questions;
    previousCategories.current = new Map(built.map((c) => [c.id, c]));
    return built;
  }, [report.categories, overlay, urlOf]);
  return { categories, revokePhoto: revoke };
}
