/*
 * The page's first requests, asked while the app's code is still on its way (index.html loads this
 * small module before main.tsx; it imports nothing, so it is a chunk of its own of a few hundred
 * bytes). Without it the session check waits for the main bundle (about 180 KB) to arrive and run,
 * and a report's data for the session check and the screen's code after it: on a phone's
 * connection each wait is a round trip on the way to the first useful paint (issue 21, section 6).
 *
 * - GET /api/authorized: every screen's loader asks it first (app/session.ts).
 * - A report screen (/mechanic/report/:id, app/router.tsx) also asks its report, once the session
 *   says someone is logged in (a logged-out visitor asks nothing more).
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

/** The report screen's path (app/router.tsx `mechanic/report/:id`) and its API path. */
const REPORT_SCREEN = /^\/mechanic\/report\/(\d+)\/?$/;

/** Statuses whose response has no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** `response` with its body read into memory. */
async function buffered(response: Response): Promise<Response> {
  const body = NULL_BODY.has(response.status) ? null : await response.arrayBuffer();
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** Starts the early requests of a page at `pathname`; `fetcher` is the browser's fetch. */
export function startEarlyRequests(pathname: string, fetcher: typeof fetch, language: string): EarlyRequests {
  const early: EarlyRequests = new Map();
  // The same request lib/api-client.ts sends for a GET, its body read at once: a response nobody
  // takes (a page that does not ask it) is then finished too, not a download left open.
  const get = (path: string) =>
    fetcher(path, {
      headers: { Accept: 'application/json', 'Accept-Language': language },
      credentials: 'same-origin',
    }).then(buffered);
  const session = get('/api/authorized');
  early.set('/api/authorized', session);
  const report = REPORT_SCREEN.exec(pathname);
  if (report) {
    const path = `/api/reports/${report[1]}`;
    // Asked once the session has answered; the screen's own GET of it waits for this one.
    const asked = session.then((res) => (res.ok ? get(path) : Promise.reject(new Error('no session'))));
    // Nobody may take it (a logged-out visitor is sent to the login page): not an unhandled error.
    asked.catch(() => undefined);
    early.set(path, asked);
  }
  return early;
}

if (typeof window !== 'undefined' && typeof fetch === 'function') {
  window.__keurwijzerEarly = startEarlyRequests(
    location.pathname,
    fetch.bind(window),
    document.documentElement.lang || 'nl',
  );
}
