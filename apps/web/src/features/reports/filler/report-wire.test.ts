import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeOutboxDatabases, createOutbox } from '../../../lib/outbox/outbox';
import type { QueuedChange, WireChange } from '../../../lib/outbox/wire';
import { overlayOf, reportChangeKey, reportScope, type ReportChange } from './report-changes';
import {
  encodeReportChange,
  encodeReportEntry,
  migrateReportQueues,
  readStoredReportChange,
  reportQueueKey,
} from './report-wire';

const ANSWER: ReportChange = {
  kind: 'answer',
  questionId: 7,
  answer: { option: 2, value: null, judgement: null, memo: 'Kabel los', answered_at: '2026-11-26T06:00:00.000Z' },
};
const UNANSWERED: ReportChange = {
  kind: 'answer',
  questionId: 8,
  answer: { option: null, value: null, judgement: null, memo: null, answered_at: '2026-11-26T06:01:00.000Z' },
};
const MEASURED: ReportChange = {
  kind: 'answer',
  questionId: 9,
  answer: { option: null, value: '0.45', judgement: 'reject', memo: null, answered_at: '2026-11-26T06:02:00.000Z' },
};
const SKIP: ReportChange = { kind: 'skip', categoryId: 3, skipped: true };
const NOT_THERE: ReportChange = { kind: 'notAtLocation', notAtLocation: false };

describe('report changes: the value is queued, the wire format is built when sent', () => {
  it('encodes each kind of change to the request of its endpoint', () => {
    expect(encodeReportChange(5, ANSWER)).toEqual({
      path: '/api/reports/5/answers/7',
      body: { option: 2, value: '', memo: 'Kabel los', answered_at: '2026-11-26T06:00:00.000Z' },
      method: 'PUT',
    });
    expect(encodeReportChange(5, UNANSWERED).body).toEqual({
      option: '',
      value: '',
      memo: '',
      answered_at: '2026-11-26T06:01:00.000Z',
    });
    expect(encodeReportChange(5, MEASURED).body).toEqual({
      option: '',
      value: '0.45',
      memo: '',
      answered_at: '2026-11-26T06:02:00.000Z',
    });
    expect(encodeReportChange(5, SKIP)).toEqual({
      path: '/api/reports/5/categories/3',
      body: { skipped: '1' },
      method: 'PUT',
    });
    expect(encodeReportChange(5, { kind: 'skip', categoryId: 3, skipped: false }).body).toEqual({ skipped: '0' });
    expect(encodeReportChange(5, NOT_THERE)).toEqual({
      path: '/api/reports/5',
      body: { not_at_location: '0' },
      method: 'PUT',
    });
  });

  it('reads a stored change back as the same value, and the overlay shows it as given', () => {
    const stored = [ANSWER, UNANSWERED, MEASURED, SKIP, NOT_THERE].map((value) => ({
      key: reportChangeKey(value),
      value,
    }));
    const read = (JSON.parse(JSON.stringify(stored)) as unknown[]).map(readStoredReportChange);
    expect(read).toEqual(stored);
    const answerOf = (c: ReportChange) => (c.kind === 'answer' ? c.answer : null);
    expect(overlayOf(read as QueuedChange<ReportChange>[])).toEqual({
      answers: { 7: answerOf(ANSWER), 8: answerOf(UNANSWERED), 9: answerOf(MEASURED) },
      skipped: { 3: true },
      notAtLocation: false,
      photos: {},
      deletedPhotos: {},
    });
  });

  it('reads a stored answer of before measurements (no value, no judgement) as one without them', () => {
    const old = { option: 2, memo: 'Kabel los', answered_at: '2026-11-26T06:00:00.000Z' };
    expect(readStoredReportChange({ key: 'answer:7', value: { kind: 'answer', questionId: 7, answer: old } })).toEqual({
      key: 'answer:7',
      value: { kind: 'answer', questionId: 7, answer: { ...old, value: null, judgement: null } },
    });
    // A value that is no string is no change.
    const bad = { kind: 'answer', questionId: 7, answer: { ...old, value: 3 } };
    expect(readStoredReportChange({ key: 'answer:7', value: bad })).toBeNull();
  });

  it("reads an older version's stored request (wire format) into its change, keeping the pause", () => {
    const old = (key: string, path: string, body: Record<string, unknown>) => ({ key, path, body, method: 'PUT' });
    expect(
      readStoredReportChange({
        ...old('answer:7', '/api/reports/5/answers/7', {
          option: 2,
          memo: 'Kabel los',
          answered_at: '2026-11-26T06:00:00.000Z',
        }),
        notBefore: 123,
      }),
    ).toEqual({ key: 'answer:7', value: ANSWER, notBefore: 123 });
    expect(
      readStoredReportChange(
        old('answer:8', '/api/reports/5/answers/8', { option: '', memo: '', answered_at: '2026-11-26T06:01:00.000Z' }),
      ),
    ).toEqual({ key: 'answer:8', value: UNANSWERED });
    expect(readStoredReportChange(old('category:3', '/api/reports/5/categories/3', { skipped: '1' }))).toEqual({
      key: 'category:3',
      value: SKIP,
    });
    expect(readStoredReportChange(old('report', '/api/reports/5', { not_at_location: '0' }))).toEqual({
      key: 'report',
      value: NOT_THERE,
    });
  });

  it('drops what is no change of a report', () => {
    for (const item of [
      null,
      'x',
      { key: 1 },
      { key: 'other', body: {} },
      { key: 'answer:7', value: { kind: 'skip' } },
    ]) {
      expect(readStoredReportChange(item)).toBeNull();
    }
    // A value under another change's key would replace the wrong waiting change.
    expect(readStoredReportChange({ key: 'answer:9', value: ANSWER })).toBeNull();
  });
});

describe('old localStorage queues move into the outbox', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await closeOutboxDatabases();
  });

  it("moves this user's old queue (an older version's wire format too) into the outbox once, in order, and removes it", async () => {
    const items = new Map<string, string>();
    const storage = {
      get length() {
        return items.size;
      },
      key: (i: number) => [...items.keys()][i] ?? null,
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
      clear: () => items.clear(),
    } as Storage;
    items.set(
      reportQueueKey(1, 5),
      JSON.stringify([
        {
          key: 'answer:7',
          path: '/api/reports/5/answers/7',
          body: { option: 2, memo: 'Kabel los', answered_at: '2026-11-26T06:00:00.000Z' },
          method: 'PUT',
        },
        { key: 'category:3', value: SKIP },
      ]),
    );
    items.set(reportQueueKey(2, 5), JSON.stringify([{ key: 'report', value: NOT_THERE }]));
    const sent: WireChange[] = [];
    const outbox = createOutbox<ReportChange>({
      userId: 1,
      dbName: 'report-changes-migration',
      channel: null,
      lock: (_name, _signal, run) => run(),
      send: async (change) => (sent.push(change), { data: null }),
    });
    await migrateReportQueues(outbox, storage);
    await migrateReportQueues(outbox, storage);
    const entries = await outbox.list();
    expect(entries.map((e) => [e.scope, e.key, e.value])).toEqual([
      ['report:5', 'answer:7', ANSWER],
      ['report:5', 'category:3', SKIP],
    ]);
    // Gone for user 1; user 2's stays for user 2's outbox.
    expect([...items.keys()]).toEqual([reportQueueKey(2, 5)]);

    outbox.startSending({ encode: encodeReportEntry, sessionUser: async () => 1 });
    await outbox.flush();
    expect(sent.map((c) => c.path)).toEqual(['/api/reports/5/answers/7', '/api/reports/5/categories/3']);
    outbox.dispose();
  });

  it('encodes the new kinds: photo, photo removal, signature and submit', () => {
    const blob = new Blob(['png']);
    expect(
      encodeReportChange(5, { kind: 'photo', questionId: 7, photoId: 'p1', blob, takenAt: '2026-11-26T06:00:00.000Z' }),
    ).toEqual({
      path: '/api/reports/5/questions/7/photos/p1',
      body: { photo: blob, taken_at: '2026-11-26T06:00:00.000Z' },
      method: 'POST',
    });
    expect(encodeReportChange(5, { kind: 'photoDelete', questionId: 7, photoId: 'p1' })).toEqual({
      path: '/api/reports/5/photos/p1',
      body: {},
      method: 'DELETE',
    });
    expect(
      encodeReportChange(5, { kind: 'signature', role: 'mechanic', signerName: 'Piet', signedAt: 'T', blob }),
    ).toEqual({
      path: '/api/reports/5/signatures/mechanic',
      body: { signature: blob, signer_name: 'Piet', signed_at: 'T' },
      method: 'POST',
    });
    expect(encodeReportChange(5, { kind: 'submit' })).toEqual({
      path: '/api/reports/5/submit',
      body: {},
      method: 'POST',
    });
    expect(encodeReportChange(5, { kind: 'submit', verdict: 'rejected', verdictReason: 'Lek' }).body).toEqual({
      verdict: 'rejected',
      verdict_reason: 'Lek',
    });
    // The malfunctions to resolve travel with the queued submit: the key repeated per id.
    expect(encodeReportChange(5, { kind: 'submit', resolveMalfunctions: [3, 8] }).body).toEqual({
      resolve_malfunctions: [3, 8],
    });
    expect(encodeReportChange(5, { kind: 'submit', resolveMalfunctions: [] }).body).toEqual({});
    expect(
      encodeReportEntry({ seq: 1, userId: 1, scope: reportScope(9), key: 'submit', value: { kind: 'submit' } }).path,
    ).toBe('/api/reports/9/submit');
  });

  it('the overlay shows waiting photos (minus removed ones) and a waiting submit', () => {
    const blob = new Blob(['jpg']);
    const changes: ReportChange[] = [
      { kind: 'photo', questionId: 7, photoId: 'p1', blob, takenAt: 'T1' },
      { kind: 'photo', questionId: 7, photoId: 'p2', blob, takenAt: 'T2' },
      { kind: 'photoDelete', questionId: 7, photoId: 'p2' },
      { kind: 'photoDelete', questionId: 8, photoId: 'server-photo' },
      { kind: 'submit' },
    ];
    const overlay = overlayOf(changes.map((value) => ({ value })));
    expect(Object.keys(overlay.photos)).toEqual(['p1']);
    expect(overlay.deletedPhotos).toEqual({ p2: 7, 'server-photo': 8 });
    expect(overlay.submit).toEqual({ verdict: undefined, verdictReason: undefined });
  });
});
