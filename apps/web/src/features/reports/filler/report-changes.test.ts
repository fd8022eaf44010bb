import { describe, expect, it } from 'vitest';
import type { ReportDetail } from '@keurwijzer/shared/reports';
import { overlayOf, shownBy, type ReportChange } from './report-changes';

const AT = '2026-12-02T09:30:00.000Z';
const LATER = '2026-12-02T09:31:00.000Z';
const answer = (answered_at: string, option = 1) => ({ option, value: null, judgement: null, memo: null, answered_at });

/** The server's copy of an open report with one category of two questions. */
function copy({
  answers = {},
  photos = {},
  skipped = false,
  status = 'open',
}: {
  answers?: Record<number, string>;
  photos?: Record<number, string[]>;
  skipped?: boolean;
  status?: string;
} = {}): ReportDetail {
  const question = (id: number) => ({
    id,
    name: `Vraag ${id}`,
    answer: answers[id] ? answer(answers[id]) : null,
    photos: (photos[id] ?? []).map((pid) => ({ id: pid, url: `/p/${pid}`, width: 1, height: 1, created_at: AT })),
  });
  return {
    status,
    not_at_location: false,
    categories: [{ id: 10, name: 'Frame', skipped, questions: [question(1), question(2)] }],
  } as unknown as ReportDetail;
}

const kept = (value: ReportChange, acceptedAt = Date.parse(AT)) => ({ value, acceptedAt });

describe('what the device keeps of an accepted change until the server copy shows it', () => {
  it('an answer: kept while the copy has an older one or none; shown by the same or a newer one', () => {
    const change = kept({ kind: 'answer', questionId: 1, answer: answer(AT, 2) });
    expect(shownBy(copy(), undefined, change)).toBe(false);
    expect(shownBy(copy({ answers: { 1: '2026-12-01T08:00:00.000Z' } }), undefined, change)).toBe(false);
    expect(shownBy(copy({ answers: { 1: AT } }), undefined, change)).toBe(true);
    // Another device answered later: the server's copy wins.
    expect(shownBy(copy({ answers: { 1: LATER } }), undefined, change)).toBe(true);
  });

  it('a photo: kept until the copy has it; a removal until the copy no longer has it', () => {
    expect(
      shownBy(copy(), undefined, kept({ kind: 'photo', questionId: 1, photoId: 'p1', blob: new Blob(), takenAt: AT })),
    ).toBe(false);
    expect(
      shownBy(
        copy({ photos: { 1: ['p1'] } }),
        undefined,
        kept({ kind: 'photo', questionId: 1, photoId: 'p1', blob: new Blob(), takenAt: AT }),
      ),
    ).toBe(true);
    expect(
      shownBy(copy({ photos: { 1: ['p1'] } }), undefined, kept({ kind: 'photoDelete', questionId: 1, photoId: 'p1' })),
    ).toBe(false);
    expect(shownBy(copy(), undefined, kept({ kind: 'photoDelete', questionId: 1, photoId: 'p1' }))).toBe(true);
  });

  it('a skipped category and the not-at-location flag: shown when the copy holds the same value', () => {
    expect(shownBy(copy(), undefined, kept({ kind: 'skip', categoryId: 10, skipped: true }))).toBe(false);
    expect(shownBy(copy({ skipped: true }), undefined, kept({ kind: 'skip', categoryId: 10, skipped: true }))).toBe(
      true,
    );
    expect(shownBy(copy(), undefined, kept({ kind: 'notAtLocation', notAtLocation: true }))).toBe(false);
    expect(shownBy(copy(), undefined, kept({ kind: 'notAtLocation', notAtLocation: false }))).toBe(true);
  });

  it('a flag the copy does not hold counts as shown only once the copy was made well after the change', () => {
    const change = kept({ kind: 'skip', categoryId: 10, skipped: true }, Date.parse(AT));
    expect(shownBy(copy(), Date.parse(AT) + 5_000, change)).toBe(false);
    expect(shownBy(copy(), Date.parse(AT) - 60_000, change)).toBe(false);
    expect(shownBy(copy(), Date.parse(AT) + 61_000, change)).toBe(true);
    // Accepted without a Date header: only the copy's content can tell.
    expect(shownBy(copy(), Date.parse(LATER), kept({ kind: 'skip', categoryId: 10, skipped: true }, Infinity))).toBe(
      false,
    );
  });

  it('an answer or photo counts as shown only when the copy holds it, however late the copy was made', () => {
    // A read that began before the answer was saved and was answered seconds after it.
    const late = Date.parse(AT) + 10 * 60_000;
    expect(shownBy(copy(), late, kept({ kind: 'answer', questionId: 1, answer: answer(AT, 2) }))).toBe(false);
    expect(
      shownBy(copy(), late, kept({ kind: 'photo', questionId: 1, photoId: 'p1', blob: new Blob(), takenAt: AT })),
    ).toBe(false);
  });

  it('a submitted copy shows everything; a signature is never shown while the report is open', () => {
    const sig = kept({ kind: 'signature', role: 'mechanic', signerName: 'Jan', signedAt: AT, blob: new Blob() });
    expect(shownBy(copy(), undefined, sig)).toBe(true);
    expect(shownBy(copy(), undefined, kept({ kind: 'submit' }))).toBe(false);
    expect(shownBy(copy({ status: 'submitted' }), undefined, kept({ kind: 'submit' }))).toBe(true);
  });

  it('the overlay of kept and waiting changes in their order: the later change of a question wins', () => {
    const overlay = overlayOf([
      { value: { kind: 'answer', questionId: 1, answer: answer(AT, 1) } },
      { value: { kind: 'photo', questionId: 2, photoId: 'p1', blob: new Blob(), takenAt: AT } },
      { value: { kind: 'answer', questionId: 1, answer: answer(LATER, 3) } },
      { value: { kind: 'photoDelete', questionId: 2, photoId: 'p1' } },
    ]);
    expect(overlay.answers[1]?.option).toBe(3);
    expect(overlay.photos).toEqual({});
    expect(overlay.deletedPhotos).toEqual({ p1: 2 });
  });
});

describe("the outbox badge's words for what waits of a report", () => {
  it('counts answers and photos and names the signature and the submit', async () => {
    const { summarizeReportChanges } = await import('./report-wire');
    const entry = (value: ReportChange, seq: number) => ({
      seq,
      userId: 1,
      scope: 'report:5',
      key: String(seq),
      value,
    });
    expect(
      summarizeReportChanges([
        entry({ kind: 'answer', questionId: 1, answer: answer(AT) }, 1),
        entry({ kind: 'answer', questionId: 2, answer: answer(AT) }, 2),
        entry({ kind: 'photo', questionId: 1, photoId: 'p', blob: new Blob(), takenAt: AT }, 3),
        entry({ kind: 'signature', role: 'mechanic', signerName: 'Jan', signedAt: AT, blob: new Blob() }, 4),
        entry({ kind: 'submit' }, 5),
      ]),
    ).toBe('2 antwoorden, 1 foto, handtekening, afronden');
  });
});
