import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../../lib/api-client';
import { createSaveQueue, type QueuedChange } from '../../../lib/save-queue';
import {
  encodeReportChange,
  overlayOf,
  readStoredReportChange,
  reportChangeKey,
  reportQueueKey,
  reportQueueStorage,
  type ReportChange,
} from './report-changes';

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

/** A localStorage in memory (the web project's tests run in node). */
function memoryLocalStorage() {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  });
  return items;
}

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

  it('reads an older version\'s stored request (wire format) into its change, keeping the pause', () => {
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
    for (const item of [null, 'x', { key: 1 }, { key: 'other', body: {} }, { key: 'answer:7', value: { kind: 'skip' } }]) {
      expect(readStoredReportChange(item)).toBeNull();
    }
    // A value under another change's key would replace the wrong waiting change.
    expect(readStoredReportChange({ key: 'answer:9', value: ANSWER })).toBeNull();
  });
});

describe('report queue storage: changes left by an older version are still sent', () => {
  const sent: { url: string; body: Record<string, string> }[] = [];
  beforeEach(() => {
    sent.length = 0;
    resetApiClient();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const body = Object.fromEntries([...((init.body as FormData | undefined)?.entries() ?? [])]) as Record<
          string,
          string
        >;
        if (url !== '/api/token') sent.push({ url, body });
        const data = url === '/api/token' ? { token: 'T' } : null;
        return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends an old entry as the old version would have, next to a new one, and stores only new ones', async () => {
    const items = memoryLocalStorage();
    const key = reportQueueKey(1, 5);
    items.set(
      key,
      JSON.stringify([
        {
          key: 'answer:7',
          path: '/api/reports/5/answers/7',
          body: { option: 2, memo: 'Kabel los', answered_at: '2026-11-26T06:00:00.000Z' },
          method: 'PUT',
        },
        { key: 'category:3', path: '/api/reports/5/categories/3', body: { skipped: '1' }, method: 'PUT' },
      ]),
    );
    const storage = reportQueueStorage(1, 5);
    expect(overlayOf(storage.load()).answers[7]).toEqual(ANSWER.answer);

    const queue = createSaveQueue<ReportChange>({ encode: (c) => encodeReportChange(5, c.value), storage });
    queue.save(reportChangeKey(NOT_THERE), NOT_THERE, { delay: 60_000 });
    // What waits is stored in the new form (the value), the old entries too.
    const stored = JSON.parse(items.get(key)!) as QueuedChange<ReportChange>[];
    expect(stored.map((i) => i.value.kind)).toEqual(['answer', 'skip', 'notAtLocation']);
    expect(stored.every((i) => !('body' in i))).toBe(true);

    await queue.flush();
    expect(sent).toEqual([
      {
        url: '/api/reports/5/answers/7',
        // The same answer, with the (empty) value of this version.
        body: { option: '2', value: '', memo: 'Kabel los', answered_at: '2026-11-26T06:00:00.000Z', _method: 'PUT' },
      },
      { url: '/api/reports/5/categories/3', body: { skipped: '1', _method: 'PUT' } },
      { url: '/api/reports/5', body: { not_at_location: '0', _method: 'PUT' } },
    ]);
    expect(items.has(key)).toBe(false);
    queue.dispose();
  });
});
