import { useEffect } from 'react';
import { addDays } from '@keurwijzer/shared/compliance';
import { dutchToday } from '@keurwijzer/shared/format';
import type { ReportDetail } from '@keurwijzer/shared/reports';
import type { Tasklist, TasklistDetail } from '@keurwijzer/shared/tasklists';
import { API_IMAGE_ROUTE } from '../../../lib/offline-cache/cached-routes';
import { userCaches } from '../../../lib/offline-cache/user-caches';
import { apiGet, type Query } from '../../../lib/api-client';

/**
 * Keeps a mechanic's coming field work on the device: when the task list overview is
 * shown online, the lists planned today up to and including 7 days ahead are fetched with every
 * report on them (questionnaire copy, machine data, answers) and the report's images. The fetches
 * go through the service worker, whose runtime cache keeps the answers (lib/offline-cache/cached-routes.ts);
 * such a report then opens with no connection at all, also after a reload. Shown again online it
 * refreshes the copies (at most every few minutes, and when the connection comes back).
 *
 * When a round is done, `<html data-offline-prefetch="done">` says so (and the event
 * `keurwijzer:offline-ready`), for the browser test and anyone curious.
 */
export const OFFLINE_DAYS = 7;
const REFRESH_MS = 5 * 60_000;
const PARALLEL = 4;

/** The overview's own query for the mechanic's lists: their own, today's first (the server's order). */
export const OFFLINE_LISTS_QUERY: Query = { mine: true, sortKey: 'today_first', sortOrder: 'asc', itemsPerPage: 100 };

/** The lists to keep offline: planned today up to and including `days` days from today. */
export function listsToKeep<T extends Pick<Tasklist, 'planned_date'>>(
  lists: T[],
  today: string,
  days = OFFLINE_DAYS,
): T[] {
  const last = addDays(today, days);
  return lists.filter((t) => t.planned_date >= today && t.planned_date <= last);
}

/** Every image of a report the service worker keeps (machine image, photos, signatures), found anywhere in it. */
export function reportImageUrls(report: unknown): string[] {
  const urls = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      if (value.startsWith('/api/') && API_IMAGE_ROUTE.test(`http://app${value}`)) urls.add(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(report);
  return [...urls];
}

/** Runs `task` for every item, `parallel` at a time. */
async function eachLimited<T>(items: T[], parallel: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

export type PrefetchDeps = {
  getJson: <T>(path: string, query?: Query) => Promise<T>;
  getFile: (url: string) => Promise<void>;
  today: string;
};

export type PrefetchResult = { lists: number; reports: number; images: number; failed: number };

/**
 * One round: the session's user, the lists of today and the next 7 days, each list, each of its reports and their
 * images. A report or image that fails is counted and skipped (the others are still kept).
 */
export async function prefetchForOffline({ getJson, getFile, today }: PrefetchDeps): Promise<PrefetchResult> {
  // The session's user: offline (also after a reload) the app knows who is logged in.
  await getJson('/api/authorized');
  const lists = listsToKeep(await getJson<Tasklist[]>('/api/tasklists', OFFLINE_LISTS_QUERY), today);
  const result: PrefetchResult = { lists: lists.length, reports: 0, images: 0, failed: 0 };
  const reportIds: number[] = [];
  await eachLimited(lists, PARALLEL, async (list) => {
    try {
      const detail = await getJson<TasklistDetail>(`/api/tasklists/${list.id}`);
      reportIds.push(...detail.machines.map((m) => m.report_id));
    } catch {
      result.failed++;
    }
  });
  await eachLimited(reportIds, PARALLEL, async (id) => {
    try {
      const report = await getJson<ReportDetail>(`/api/reports/${id}`);
      result.reports++;
      for (const url of reportImageUrls(report)) {
        await getFile(url);
        result.images++;
      }
    } catch {
      result.failed++;
    }
  });
  return result;
}

/** The browser's fetches (through the service worker, which keeps the answers). */
const browserDeps = (): PrefetchDeps => ({
  getJson: async <T>(path: string, query?: Query) => (await apiGet<T>(path, query)).data,
  getFile: async (url) => {
    const res = await fetch(url, { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`${res.status} ${url}`);
    await res.arrayBuffer();
  },
  today: dutchToday(),
});

/** Resolves when a service worker controls the page; never in development (none is registered). */
async function serviceWorkerControls(): Promise<void> {
  if (!('serviceWorker' in navigator)) return new Promise(() => undefined);
  await navigator.serviceWorker.ready;
  if (navigator.serviceWorker.controller) return;
  await new Promise<void>((resolve) =>
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
  );
}

let running: Promise<void> | null = null;
/** The last finished round: whose and when (another user's round does not count). */
let lastDone = { userId: 0, at: 0 };

const signal = (state: 'running' | 'done' | 'failed', result?: PrefetchResult) => {
  document.documentElement.dataset.offlinePrefetch = state;
  if (result) window.dispatchEvent(new CustomEvent('keurwijzer:offline-ready', { detail: result }));
};

function runOnce(userId: number): Promise<void> {
  if (running) return running;
  if (!navigator.onLine || (lastDone.userId === userId && Date.now() - lastDone.at < REFRESH_MS))
    return Promise.resolve();
  signal('running');
  running = (async () => {
    try {
      await serviceWorkerControls();
      // The caches may just have been emptied for this user (login): fill them after that.
      await userCaches.settled();
      const result = await prefetchForOffline(browserDeps());
      lastDone = { userId, at: Date.now() };
      signal('done', result);
    } catch {
      signal('failed');
    } finally {
      running = null;
    }
  })();
  return running;
}

/** The overview's call: keeps the coming field work on the device while it is shown online. */
export function useOfflinePrefetch(userId: number, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    void runOnce(userId);
    const online = () => void runOnce(userId);
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [userId, enabled]);
}
