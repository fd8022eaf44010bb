import type { ReportAnswer, ReportDetail } from '@keurwijzer/shared/reports';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiResult } from '../../../lib/api-client';
import type { OutboxScopes } from '../../../components/layout/outbox-list';
import type { OutboxConfig } from '../../../lib/outbox/app-outbox';
import type { Outbox, OutboxEntry } from '../../../lib/outbox/outbox';
import type { QueuedChange, WireChange } from '../../../lib/outbox/wire';
import { reportKeys, reportPaths } from '../../../lib/api/reports';
import { reportChangeKey, reportIdOf, reportScope, type ReportChange } from './report-changes';

/** The request of a change (the wire format of AnswerInput, SkipInput and ReportSaveInput). */
export function encodeReportChange(reportId: number, change: ReportChange): WireChange {
  switch (change.kind) {
    case 'answer': {
      const { option, value, memo, answered_at } = change.answer;
      return {
        path: reportPaths.answer(reportId, change.questionId),
        body: { option: option ?? '', value: value ?? '', memo: memo ?? '', answered_at },
        method: 'PUT',
      };
    }
    case 'skip':
      return {
        path: reportPaths.category(reportId, change.categoryId),
        body: { skipped: flag(change.skipped) },
        method: 'PUT',
      };
    case 'notAtLocation':
      return {
        path: reportPaths.report(reportId),
        body: { not_at_location: flag(change.notAtLocation) },
        method: 'PUT',
      };
    case 'photo':
      return {
        path: reportPaths.photos(reportId, change.questionId, change.photoId),
        body: { photo: change.blob, taken_at: change.takenAt },
        method: 'POST',
      };
    case 'photoDelete':
      return { path: reportPaths.photo(reportId, change.photoId), body: {}, method: 'DELETE' };
    case 'signature':
      return {
        path: reportPaths.signature(reportId, change.role),
        body: { signature: change.blob, signer_name: change.signerName, signed_at: change.signedAt },
        // An upload is a POST (the route replaces the role's signature while the report is open).
        method: 'POST',
      };
    case 'submit':
      return {
        path: reportPaths.submit(reportId),
        body: {
          ...(change.verdict && { verdict: change.verdict, verdict_reason: change.verdictReason ?? '' }),
          // Form data repeats the key per id (SubmitInput.resolve_malfunctions).
          ...(change.resolveMalfunctions?.length ? { resolve_malfunctions: change.resolveMalfunctions } : {}),
          ...(change.submissionId && { submission_id: change.submissionId }),
        },
        method: 'POST',
      };
  }
}

const flag = (value: boolean) => (value ? '1' : '0');

/**
 * A stored item as the queue holds it, or null when it is none. An older version stored
 * the request itself (`{ key, path, body, method }`, the body in the wire format); such an item,
 * left unsent by an older version, is read back into its change so it is still sent.
 */
export function readStoredReportChange(item: unknown): QueuedChange<ReportChange> | null {
  if (!isRecord(item) || typeof item.key !== 'string') return null;
  const notBefore = typeof item.notBefore === 'number' ? { notBefore: item.notBefore } : {};
  const value = isRecord(item.value) ? item.value : isRecord(item.body) ? fromWire(item.key, item.body) : null;
  const change = value && isReportChange(value) ? withMeasurement(value) : null;
  return change && reportChangeKey(change) === item.key ? { key: item.key, value: change, ...notBefore } : null;
}

/** An older version's body (wire format) under its key, as a change. */
function fromWire(key: string, body: Record<string, unknown>): ReportChange | null {
  const [kind, id] = key.split(':');
  if (kind === 'answer') {
    const option = body.option === '' || body.option == null ? null : Number(body.option);
    const memo = typeof body.memo === 'string' && body.memo ? body.memo : null;
    return {
      kind: 'answer',
      questionId: Number(id),
      answer: { option, value: null, judgement: null, memo, answered_at: String(body.answered_at) },
    };
  }
  if (kind === 'category') return { kind: 'skip', categoryId: Number(id), skipped: body.skipped === '1' };
  if (key === 'report') return { kind: 'notAtLocation', notAtLocation: body.not_at_location === '1' };
  return null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isId = (v: unknown) => typeof v === 'number' && Number.isInteger(v);

function isReportChange(v: Record<string, unknown>): v is ReportChange {
  switch (v.kind) {
    case 'answer': {
      const a = v.answer;
      return (
        isId(v.questionId) &&
        isRecord(a) &&
        (a.option === null || isId(a.option)) &&
        (a.value === undefined || a.value === null || typeof a.value === 'string') &&
        (a.memo === null || typeof a.memo === 'string') &&
        typeof a.answered_at === 'string'
      );
    }
    case 'skip':
      return isId(v.categoryId) && typeof v.skipped === 'boolean';
    case 'notAtLocation':
      return typeof v.notAtLocation === 'boolean';
    default:
      return false;
  }
}

/**
 * A stored answer of a version before measurements has no `value` or `judgement`:
 * read as none (the judgement is the server's; the screen derives its own from the answer).
 */
function withMeasurement(change: ReportChange): ReportChange {
  if (change.kind !== 'answer') return change;
  const { value = null, judgement = null } = change.answer as Partial<ReportAnswer>;
  return { ...change, answer: { ...change.answer, value, judgement } };
}

/**
 * Where an older version kept a report's unsent changes (localStorage, per user and
 * report): moved into the outbox once (`migrateReportQueues`) and removed.
 */
export const reportQueueKey = (userId: number, reportId: number) => `keurwijzer.report.${userId}.${reportId}.queue`;
const OLD_QUEUE = /^keurwijzer\.report\.(\d+)\.(\d+)\.queue$/;

/**
 * Moves every old localStorage queue of this user into the outbox (in its order; the latest
 * value per key as before) and removes it; another user's stays for that user's outbox. A read
 * that fails keeps the old queue for the next start.
 */
export async function migrateReportQueues(outbox: Outbox<ReportChange>, storage: Storage = localStorage) {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) keys.push(storage.key(i)!);
  for (const name of keys) {
    const match = OLD_QUEUE.exec(name);
    if (!match || Number(match[1]) !== outbox.userId) continue;
    let items: unknown;
    try {
      items = JSON.parse(storage.getItem(name) ?? '[]');
    } catch {
      items = [];
    }
    const changes = (Array.isArray(items) ? items : []).map(readStoredReportChange).filter((c) => c !== null);
    for (const { key, value } of changes) await outbox.put(reportScope(Number(match[2])), key, value);
    storage.removeItem(name);
  }
}

/** The request of an outbox entry (a report's change). */
export const encodeReportEntry = (entry: OutboxEntry<ReportChange>): WireChange =>
  encodeReportChange(reportIdOf(entry.scope), entry.value);

/**
 * The app's outbox for reports (mounted by the main layout, so it sends on every screen): the
 * requests, the old queues moved in, and what an accepted change updates: a submit shows the
 * submitted report; answers change the task list's progress (refetched when next shown).
 */
export const REPORT_OUTBOX: OutboxConfig<ReportChange> = {
  encode: encodeReportEntry,
  migrate: (outbox) => migrateReportQueues(outbox),
  onResult: (queryClient: QueryClient, { entry, ...outcome }) => {
    const reportId = reportIdOf(entry.scope);
    if (!outcome.ok || Number.isNaN(reportId)) return;
    if (entry.value.kind === 'submit') {
      queryClient.setQueryData(reportKeys.detail(reportId), (outcome.result as ApiResult<ReportDetail>).data);
      // Malfunctions it set to Opgelost ("Mijn storingen", the office's list).
      if (entry.value.resolveMalfunctions?.length) void queryClient.invalidateQueries({ queryKey: ['malfunctions'] });
    }
    void queryClient.invalidateQueries({ queryKey: ['tasklists'], refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: ['reports'], refetchType: 'none' });
  },
};

const counted = (n: number, one: string, many: string) => (n === 0 ? [] : [`${n} ${n === 1 ? one : many}`]);

/** What waits of a report, in words: "3 antwoorden, 2 foto's, handtekening, afronden". */
export function summarizeReportChanges(entries: readonly OutboxEntry<unknown>[]): string {
  const kinds = entries.map((e) => (e.value as ReportChange).kind);
  const count = (kind: ReportChange['kind']) => kinds.filter((k) => k === kind).length;
  const signatures = count('signature');
  return [
    ...counted(count('answer'), 'antwoord', 'antwoorden'),
    ...counted(count('photo'), 'foto', "foto's"),
    ...counted(count('photoDelete'), 'foto verwijderd', "foto's verwijderd"),
    ...counted(count('skip'), 'categorie overgeslagen of teruggezet', 'categorieën overgeslagen of teruggezet'),
    ...(count('notAtLocation') > 0 ? ['niet op locatie'] : []),
    ...(signatures === 0 ? [] : [signatures === 1 ? 'handtekening' : `${signatures} handtekeningen`]),
    ...(count('submit') > 0 ? ['afronden'] : []),
  ].join(', ');
}

/** The outbox badge's names and links of reports. */
export const REPORT_SCOPES: OutboxScopes = {
  linkOf: (scope) => {
    const id = reportIdOf(scope);
    return Number.isNaN(id) ? undefined : `/mechanic/report/${id}`;
  },
  summarize: summarizeReportChanges,
};
