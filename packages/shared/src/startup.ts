/**
 * The ids and paths the start-up's pieces share (docs/decisions.md, "Start-up"): the server
 * writes a report screen's first paint and its early answers into the page
 * (apps/server/src/plugins/first-paint.ts), the web build lists the report screen's files in
 * index.html (apps/web/build/early-entry.ts), and the web app reads them (apps/web/src/app/startup/).
 *
 * Imports nothing: the web's early script, a chunk of a few hundred bytes, imports this module.
 */

/** The element of the static first paint the server writes into a report screen's page. */
export const FIRST_PAINT_ID = 'first-paint';

/** The JSON block of the answers (JSON bodies by API path) the server wrote into the page. */
export const EARLY_ANSWERS_ID = 'early-answers';

/** index.html's JSON list of the report screen's files. */
export const REPORT_SCREEN_CODE_ID = 'report-screen-code';

/** The session check: every screen's loader asks it first (apps/web/src/app/session.ts). */
export const SESSION_PATH = '/api/authorized';

/** The report screen's path (apps/web/src/app/router.tsx `mechanic/report/:id`); group 1 is the id. */
export const REPORT_SCREEN = /^\/mechanic\/report\/(\d{1,9})\/?$/;

/** The API path of report `id`. */
export const reportApiPath = (id: string) => `/api/reports/${id}`;
