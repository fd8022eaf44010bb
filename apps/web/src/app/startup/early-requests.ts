import {
  EARLY_ANSWERS_ID,
  REPORT_SCREEN,
  REPORT_SCREEN_CODE_ID,
  SESSION_PATH,
  reportApiPath,
} from '@keurwijzer/shared/startup';

/*
 * The page's first requests, asked while the app's code is still on its way (index.html loads this
 * small module before main.tsx; it imports only the start-up's constants, so it is a chunk of its
 * own of a few hundred bytes): the session check, and a report screen's data and code, need not
 * wait for the main bundle to arrive and run (docs/decisions.md, "Start-up").
 *
 * - The session (SESSION_PATH): every screen's loader asks it first (app/session.ts).
 * - A report screen (REPORT_SCREEN, app/router.tsx) also asks its report, once the session
 *   says someone is logged in (a logged-out visitor asks nothing more), and at once the main
 *   layout's and the screen's code (`preloadReportScreen`): else that code is asked only once the
 *   main bundle has run, a round trip of its own on the way to the report. A logged-out visitor of
 *   a report's link fetches it too, as the service worker does on any first visit.
 * - The server may have answered both within the page (`#early-answers`, written with the report
 *   screen's first paint by apps/server/src/plugins/first-paint.ts): then neither is asked.
 *
 * Each response is used once, by the first GET of the same path (`takeEarlyResponse` in
 * lib/api-client.ts), and only in the page's first seconds (EARLY_MAX_AGE_MS): after that a
 * screen fetches afresh. One that failed is asked again the usual way.
 */

export type EarlyRequests = Map<string, Promise<Response>>;

declare global {
  interface Window {
    /** The page's early requests by path; lib/api-client.ts takes them out. */
    __keurwijzerEarly?: EarlyRequests;
  }
}

/** Statuses whose response has no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** `response` with its body read into memory. */
async function buffered(response: Response): Promise<Response> {
  const body = NULL_BODY.has(response.status) ? null : await response.arrayBuffer();
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** The answers (JSON bodies by path) the server wrote into the page (EARLY_ANSWERS_ID), if any. */
export function earlyAnswers(doc: Document): Record<string, unknown> {
  const text = doc.getElementById(EARLY_ANSWERS_ID)?.textContent;
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Starts the early requests of a page at `pathname`; `fetcher` is the browser's fetch. A path
 * `answers` holds (the server answered it within the page) is not asked: its response is built
 * from that answer.
 */
export function startEarlyRequests(
  pathname: string,
  fetcher: typeof fetch,
  language: string,
  answers: Record<string, unknown> = {},
): EarlyRequests {
  const early: EarlyRequests = new Map();
  // The same request lib/api-client.ts sends for a GET, its body read at once: a response nobody
  // takes (a page that does not ask it) is then finished too, not a download left open.
  const get = (path: string) =>
    path in answers
      ? Promise.resolve(
          new Response(JSON.stringify(answers[path]), { status: 200, headers: { 'Content-Type': 'application/json' } }),
        )
      : fetcher(path, {
          headers: { Accept: 'application/json', 'Accept-Language': language },
          credentials: 'same-origin',
        }).then(buffered);
  const session = get(SESSION_PATH);
  early.set(SESSION_PATH, session);
  const report = REPORT_SCREEN.exec(pathname);
  if (report) {
    const path = reportApiPath(report[1]!);
    // Asked once the session has answered; the screen's own GET of it waits for this one.
    const asked = session.then((res) => (res.ok ? get(path) : Promise.reject(new Error('no session'))));
    // Nobody may take it (a logged-out visitor is sent to the login page): not an unhandled error.
    asked.catch(() => undefined);
    early.set(path, asked);
  }
  return early;
}

/**
 * On a report screen: asks the files index.html lists for it (REPORT_SCREEN_CODE_ID, written by
 * apps/web/build/early-entry.ts; scripts as module preloads, which the
 * app's own imports then take from the browser's module map; style sheets as preloads). Returns
 * how many it asked.
 */
export function preloadReportScreen(pathname: string, doc: Document): number {
  const list = doc.getElementById(REPORT_SCREEN_CODE_ID)?.textContent;
  if (!REPORT_SCREEN.test(pathname) || !list) return 0;
  const files = JSON.parse(list) as string[];
  for (const href of files) {
    const link = doc.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    link.href = href;
    // As the app's own imports ask them (vite's preload helper), so those take these responses.
    link.crossOrigin = '';
    // Behind the main bundle, which the first paint waits for.
    link.fetchPriority = 'low';
    doc.head.appendChild(link);
  }
  return files.length;
}

if (typeof window !== 'undefined' && typeof fetch === 'function') {
  window.__keurwijzerEarly = startEarlyRequests(
    location.pathname,
    fetch.bind(window),
    document.documentElement.lang || 'nl',
    earlyAnswers(document),
  );
  preloadReportScreen(location.pathname, document);
}
