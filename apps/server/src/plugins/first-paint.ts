import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BRAND, LOGO_CHECK_PATH } from '@keurwijzer/shared/brand';
import {
  EARLY_ANSWERS_ID,
  FIRST_PAINT_ID,
  REPORT_SCREEN,
  SESSION_PATH,
  reportApiPath,
} from '@keurwijzer/shared/startup';
import { escapeHtml } from '../lib/html';

/**
 * The report screen's first paint, written into index.html by the server (docs/decisions.md,
 * "Start-up"): a phone draws the report's heading before the app's code has arrived and run.
 * For a logged-in user who may open the report, the page at /mechanic/report/<id> carries:
 * - the answers of the page's early requests (`GET /api/authorized` and `GET /api/reports/<id>`,
 *   asked here through the app's own routes, so every access rule and the same JSON apply), in
 *   `<script type="application/json" id="early-answers">`: the early script
 *   (apps/web/src/app/startup/early-requests.ts) uses them instead of two round trips;
 * - the screen's top as static HTML in `#first-paint`: the app bar, the breadcrumbs and the
 *   heading "Rapport <machine>", at the place and in the size the app draws them, light or dark as
 *   the user chose (index.html's inline script sets the scheme's class before the first paint).
 *   The app removes it when its first screen is drawn (apps/web/src/app/startup/first-paint.ts).
 *
 * Anyone else (no session, another role, a report out of reach, any error) gets index.html as it
 * is, and the screen behaves as before. Such a page holds the user's data: it is never cached
 * (`no-store`).
 */

/** Characters escaped in JSON inside a <script> element (none can end it or be read as HTML). */
const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
const jsonInScript = (value: unknown) =>
  JSON.stringify(value).replace(SCRIPT_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The first paint's look: the numbers are the app's (main-layout.tsx, page-header.tsx, theme.ts):
 * app bar 56 px (64 from 600 px), the navigation drawer 260 px from 960 px, the page at most
 * 960 px wide with 16 px (24 from 600 px) around it, the heading MUI's h1 at 1.6rem.
 */
const STYLE = `
#${FIRST_PAINT_ID}{position:fixed;inset:0;z-index:1200;overflow:hidden;background:${BRAND.background};color:rgba(0,0,0,.87);
font:400 16px/24px Roboto,"Segoe UI",system-ui,-apple-system,"Helvetica Neue",Arial,sans-serif}
html.dark #${FIRST_PAINT_ID}{background:${BRAND.darkBackground};color:#fff}
.fp-bar{position:absolute;z-index:1;top:0;left:0;right:0;height:56px;padding:0 16px;display:flex;align-items:center;gap:8px;
background:${BRAND.red};color:#fff;font-weight:700;font-size:1.25rem;box-shadow:0 2px 4px -1px rgba(0,0,0,.2),0 4px 5px 0 rgba(0,0,0,.14),0 1px 10px 0 rgba(0,0,0,.12)}
html.dark .fp-bar{background:${BRAND.darkPaper}}
.fp-bar svg{margin-left:40px}
.fp-drawer{display:none}
.fp-main{padding:72px 16px 16px}
.fp-page{max-width:960px;margin:0 auto}
.fp-crumbs{margin:0 0 8px;color:rgba(0,0,0,.6);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
html.dark .fp-crumbs{color:rgba(255,255,255,.7)}
.fp-crumbs span+span::before{content:"/";margin:0 8px}
.fp-machine{display:none}
#${FIRST_PAINT_ID} h1{margin:0 0 24px;font-size:1.6rem;font-weight:600;line-height:1.167;letter-spacing:-0.01562em}
.fp-wait{display:flex;align-items:center;justify-content:center;gap:16px;padding:64px 0;color:rgba(0,0,0,.6)}
html.dark .fp-wait{color:rgba(255,255,255,.7)}
.fp-wait i{width:22px;height:22px;border-radius:50%;border:3px solid ${BRAND.red};border-right-color:transparent;opacity:0;
animation:fp-in 0s .5s forwards,fp-turn 1.4s linear .5s infinite}
html.dark .fp-wait i{border-color:${BRAND.darkRed};border-right-color:transparent}
@keyframes fp-in{to{opacity:1}}
@keyframes fp-turn{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.fp-wait i{animation:fp-in 0s .5s forwards}}
@media (min-width:600px){.fp-bar{height:64px;padding:0 24px}.fp-bar svg{margin-left:0}.fp-main{padding:88px 24px 24px}
.fp-machine{display:inline}}
@media (min-width:960px){.fp-drawer{display:block;position:absolute;top:0;bottom:0;left:0;width:259px;
border-right:1px solid rgba(0,0,0,.12);background:#fff}html.dark .fp-drawer{background:${BRAND.darkPaper};border-color:rgba(255,255,255,.12)}
.fp-main{margin-left:260px}}
`.replace(/\n/g, '');

/** The product mark as the app bar shows it (components/layout/logo.tsx, inverted). */
const LOGO =
  '<svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="6" fill="#fff"/>' +
  `<path d="${LOGO_CHECK_PATH}" stroke="${BRAND.red}" stroke-width="3.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

/** The static top of the report screen for the machine `name`. */
export function reportShell(name: string): string {
  const machine = escapeHtml(name);
  return (
    `<div id="${FIRST_PAINT_ID}" aria-hidden="true"><style>${STYLE}</style>` +
    `<div class="fp-bar">${LOGO}<span>Keurwijzer</span></div><div class="fp-drawer"></div>` +
    `<div class="fp-main"><div class="fp-page"><div class="fp-crumbs"><span>Takenlijsten</span><span>Takenlijst</span>` +
    `<span class="fp-machine">${machine}</span></div><h1>Rapport ${machine}</h1><div class="fp-wait"><i></i>Laden...</div></div></div></div>`
  );
}

/**
 * index.html with the early answers and the report's first paint written in. The app's scripts
 * (module scripts, which never block the parser) are asked at low priority: on this page the first
 * paint needs none of them, and the browser draws the HTML before it runs them.
 */
export function withFirstPaint(index: string, answers: Record<string, unknown>, machineName: string): string {
  return index
    .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
    .replace(
      '</head>',
      `<script type="application/json" id="${EARLY_ANSWERS_ID}">${jsonInScript(answers)}</script></head>`,
    )
    .replace('<div id="root"></div>', `${reportShell(machineName)}<div id="root"></div>`);
}

/** The headers of the page's request that its early requests would carry (cookie, language). */
const FORWARDED = ['cookie', 'accept-language', 'user-agent'] as const;

/**
 * The report screen's page with its first paint, or undefined when index.html as it is applies
 * (not the report screen, no session cookie, no access, anything unexpected).
 */
export async function reportFirstPaint(
  app: FastifyInstance,
  request: FastifyRequest,
  index: string,
): Promise<string | undefined> {
  const id = REPORT_SCREEN.exec(request.url.split('?')[0]!)?.[1];
  if (!id || !request.headers.cookie) return undefined;
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of FORWARDED) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const ask = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers });
    return res.statusCode === 200 ? (res.json() as { data?: unknown }) : undefined;
  };
  // At once: without a session the report's answer is a 401 too.
  const reportPath = reportApiPath(id);
  const [session, report] = await Promise.all([ask(SESSION_PATH), ask(reportPath)]);
  if (!session) return undefined;
  const name = (report?.data as { machine?: { name?: unknown } } | undefined)?.machine?.name;
  if (typeof name !== 'string') return undefined;
  return withFirstPaint(index, { [SESSION_PATH]: session, [reportPath]: report }, name);
}

/**
 * The CSP sources of index.html's inline scripts ('sha256-...'): its one classic script sets the
 * colour scheme before the first paint. JSON data blocks are not scripts and need none.
 */
export function inlineScriptSources(index: string): string[] {
  const sources: string[] = [];
  for (const match of index.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? '';
    if (/\ssrc=/.test(attributes) || /type="(module|application\/json)"/.test(attributes)) continue;
    sources.push(`'sha256-${createHash('sha256').update(match[2]!).digest('base64')}'`);
  }
  return sources;
}
