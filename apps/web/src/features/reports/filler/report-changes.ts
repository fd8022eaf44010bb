import type { Verdict } from '@keurwijzer/shared/compliance';
import type { ReportAnswer, ReportDetail, SignatureRole } from '@keurwijzer/shared/reports';

/**
 * One change of a report while it is filled in, as the screen uses it: the outbox keeps these
 * values (in IndexedDB, blobs included) and they become a request (report-wire.ts) only when
 * sent.
 */
export type ReportChange =
  | { kind: 'answer'; questionId: number; answer: ReportAnswer }
  | { kind: 'skip'; categoryId: number; skipped: boolean }
  | { kind: 'notAtLocation'; notAtLocation: boolean }
  /** A photo of a question's answer, made smaller on the device; `photoId` is its uuid. */
  | { kind: 'photo'; questionId: number; photoId: string; blob: Blob; takenAt: string }
  /** Removes a photo (a waiting upload of the same photo is replaced: nothing is sent twice). */
  | { kind: 'photoDelete'; questionId: number; photoId: string }
  /** A signature at "Rapport afronden" (a PNG of the pad). */
  | { kind: 'signature'; role: SignatureRole; signerName: string; signedAt: string; blob: Blob }
  /**
   * "Rapport afronden": sent last, after every other change; `resolveMalfunctions` are the
   * malfunctions planned on the report the mechanic chose to set to Opgelost, kept with the
   * queued submit so a submit sent later still does it. `submissionId` makes it one submit
   * however often it is sent (a connection cut after the server took it).
   */
  | {
      kind: 'submit';
      verdict?: Verdict;
      verdictReason?: string;
      resolveMalfunctions?: number[];
      submissionId?: string;
    };

/** The queue's key: a newer change of the same question, category or flag replaces a waiting one. */
export function reportChangeKey(change: ReportChange): string {
  switch (change.kind) {
    case 'answer':
      return `answer:${change.questionId}`;
    case 'skip':
      return `category:${change.categoryId}`;
    case 'notAtLocation':
      return 'report';
    case 'photo':
    case 'photoDelete':
      return `photo:${change.photoId}`;
    case 'signature':
      return `signature:${change.role}`;
    case 'submit':
      return 'submit';
  }
}

/** The outbox's scope of a report: its changes are sent in order, the submit last. */
export const reportScope = (reportId: number) => `report:${reportId}`;
export const reportIdOf = (scope: string) => Number(/^report:(\d+)$/.exec(scope)?.[1] ?? NaN);

/** A photo taken on this device that the server's copy may not have yet. */
export type PendingPhoto = { questionId: number; blob: Blob; takenAt: string };

/** What this device changed and the server's copy may not have yet (newer ones win over it). */
export type Overlay = {
  answers: Record<number, ReportAnswer>;
  skipped: Record<number, boolean>;
  notAtLocation?: boolean;
  /** Photos not yet in the server's copy, by photo id. */
  photos: Record<string, PendingPhoto>;
  /** Photos removed on this device (by photo id: its question), hidden until the server has it. */
  deletedPhotos: Record<string, number>;
  /** "Rapport afronden" is queued: the report is read-only until the server accepted it. */
  submit?: { verdict?: Verdict; verdictReason?: string };
};

export const emptyOverlay = (): Overlay => ({ answers: {}, skipped: {}, photos: {}, deletedPhotos: {} });

/**
 * The overlay of changes in their order: the server accepted ones the device keeps (kept
 * changes, minus a submit: that one shows as the submitted report) and those that wait.
 */
export function overlayOf(changes: readonly { value: ReportChange }[]): Overlay {
  const overlay = emptyOverlay();
  for (const { value } of changes) {
    if (value.kind === 'answer') overlay.answers[value.questionId] = value.answer;
    else if (value.kind === 'skip') overlay.skipped[value.categoryId] = value.skipped;
    else if (value.kind === 'notAtLocation') overlay.notAtLocation = value.notAtLocation;
    else if (value.kind === 'photo') {
      overlay.photos[value.photoId] = { questionId: value.questionId, blob: value.blob, takenAt: value.takenAt };
      delete overlay.deletedPhotos[value.photoId];
    } else if (value.kind === 'photoDelete') {
      overlay.deletedPhotos[value.photoId] = value.questionId;
      delete overlay.photos[value.photoId];
    } else if (value.kind === 'submit') overlay.submit = { verdict: value.verdict, verdictReason: value.verdictReason };
  }
  return overlay;
}

/** The answer given last (the server keeps the newer `answered_at` too). */
export const newer = (a: ReportAnswer | null | undefined, b: ReportAnswer | null | undefined) => {
  if (!a) return b ?? null;
  if (!b) return a;
  return Date.parse(b.answered_at) >= Date.parse(a.answered_at) ? b : a;
};

/**
 * How much later than the change a copy must have been made to be taken as showing a flag (a
 * skipped category, not at its place) it does not hold: another device set it since. A read that
 * started before the change and was answered after it can be seconds later, so not less.
 */
const FLAG_FRESH_MS = 60_000;

/**
 * Whether the server's copy of the report shows a change it accepted, so the device need not keep
 * it: the copy holds the change itself (the same or a newer answer, the photo, its removal, the
 * flag as given). A flag the copy does not hold counts as shown once the copy was made well after
 * the change (another device set it since). A signature is not shown while the report is open; a
 * submitted copy shows everything.
 */
export function shownBy(
  report: ReportDetail,
  servedAt: number | undefined,
  kept: { value: ReportChange; acceptedAt: number },
): boolean {
  if (report.status !== 'open') return true;
  const change = kept.value;
  const flagFresh = servedAt !== undefined && servedAt > kept.acceptedAt + FLAG_FRESH_MS;
  const questions = report.categories.flatMap((c) => c.questions);
  const hasPhoto = (id: string) => questions.some((q) => (q.photos ?? []).some((p) => p.id === id));
  switch (change.kind) {
    case 'answer': {
      const answer = questions.find((q) => q.id === change.questionId)?.answer;
      return !!answer && Date.parse(answer.answered_at) >= Date.parse(change.answer.answered_at);
    }
    case 'skip':
      return flagFresh || report.categories.find((c) => c.id === change.categoryId)?.skipped === change.skipped;
    case 'notAtLocation':
      return flagFresh || report.not_at_location === change.notAtLocation;
    case 'photo':
      return hasPhoto(change.photoId);
    case 'photoDelete':
      return !hasPhoto(change.photoId);
    case 'signature':
      return true;
    case 'submit':
      return false;
  }
}
