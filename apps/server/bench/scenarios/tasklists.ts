import { BENCH_PASSWORD, benchEmail, load, login, type Finding, type LoadResult, type Scenario } from '../lib';
import { answersSent, MACHINES_PER_LOCATION, picked, seedTasklists, TASKLISTS } from './tasklists-seed';

export { answersSent, n, rowsOf, TASKLISTS } from './tasklists-seed';

/* The task lists scenario's measurements; its data and how it is made: tasklists-seed.ts. */

/** One answer to save: a question of an open report and the body the app's screen sends. */
export type AnswerPair = { reportId: number; questionId: number };

/**
 * The seeded open reports' unanswered questions in the order the bench saves them: the first
 * question of every report, then the second of every report, and so on (consecutive requests go
 * to other reports, as many mechanics at once).
 */
export function answerPairs(): AnswerPair[] {
  const pairs: AnswerPair[] = [];
  const longest = Math.max(0, ...picked.answers.map((a) => a.questionIds.length));
  for (let i = 0; i < longest; i++)
    for (const a of picked.answers)
      if (a.questionIds[i]) pairs.push({ reportId: a.reportId, questionId: a.questionIds[i]! });
  return pairs;
}

/**
 * An autocannon request that saves the next answer of `pairs` on every call (`next` is shared,
 * so runs against different servers go on where the last stopped), option 1 or 2 in turn.
 */
export function answerRequests(pairs: AnswerPair[], next = { i: 0 }) {
  return {
    method: 'PUT' as const,
    setupRequest: (req: Record<string, unknown>) => {
      const pair = pairs[next.i++ % pairs.length]!;
      return {
        ...req,
        method: 'PUT',
        path: `/api/reports/${pair.reportId}/answers/${pair.questionId}`,
        headers: { ...(req.headers as Record<string, string>), 'content-type': 'application/json' },
        body: JSON.stringify({ option: 1 + (next.i % 2), memo: '', answered_at: new Date().toISOString() }),
      };
    },
  };
}

/** The 60-question reports the bench opens (open and submitted ones). */
export const reportPaths = () => picked.openReports.map((id) => `/api/reports/${id}`);

/** A page of the task list overview with these parameters (25 a page, page 1 unless given). */
export const overview = (params: Record<string, string>) =>
  `/api/tasklists?${new URLSearchParams({ itemsPerPage: '25', page: '1', ...params })}`;
const completed = (params: Record<string, string>) =>
  `/api/completed-reports?${new URLSearchParams({ itemsPerPage: '25', page: '1', ...params })}`;

/** One load over `paths` (or `requests`), as a finding: its p95 against the goal, p50 and req/s in the label. */
export async function group(
  label: string,
  goal: number,
  run: (seconds: number) => Promise<LoadResult>,
  seconds: number,
  warmup: number,
): Promise<Finding> {
  await run(warmup);
  const r = await run(seconds);
  // Failed answers (PGlite's under-pressure 503 after slow queries) are fast: no p95 then.
  const failed = r.failures > 0 ? `, ${r.failures} of ${r.requests} FAILED` : '';
  return {
    label: `${label}: p50 ${r.p50.toFixed(1)} ms, ${r.rps.toFixed(0)} req/s${failed}; p95`,
    value: r.failures > 0 ? NaN : r.p95,
    unit: 'ms',
    goal,
  };
}

/**
 * Waits until the server answers again after a load (PGlite runs its queries on the server's
 * thread: after slow ones @fastify/under-pressure answers 503 for a moment), at most 30 s.
 */
export async function settle(url: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const res = await fetch(`${url}/api/token`, { headers: { accept: 'application/json' } });
    await res.arrayBuffer();
    if (res.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Whether the endpoint answers 200 (the reports endpoints were built alongside this bench). */
export async function answers(url: string, cookie: string, path: string): Promise<boolean> {
  await settle(url);
  const res = await fetch(url + path, { headers: { cookie, accept: 'application/json' } });
  await res.arrayBuffer();
  if (res.status !== 200) console.log(`  ${path} -> ${res.status}: not measured`);
  return res.status === 200;
}

/**
 * Each path on its own, at 20 connections: a shorter run than the scenario's (BENCH_GROUP_SECONDS,
 * default 5 s after 2 s). `gets` measures a group of paths as one user, when its first answers.
 */
export function pathGroups(url: string) {
  const seconds = Number(process.env.BENCH_GROUP_SECONDS ?? 5);
  const warmup = 2;
  const connections = 20;
  const findings: Finding[] = [];
  const gets = async (label: string, goal: number, as: string, paths: string[]) => {
    if (!(await answers(url, as, paths[0]!))) return;
    findings.push(
      await group(label, goal, (s) => load({ url, cookie: as, paths, connections, seconds: s }), seconds, warmup),
    );
  };
  return { findings, gets, seconds, warmup, connections };
}

async function measure({ url, cookie }: Parameters<NonNullable<Scenario['measure']>>[0]): Promise<Finding[]> {
  const { findings, gets, seconds, warmup, connections } = pathGroups(url);

  // The overview, path by path (the scenario's own run above mixes them).
  await gets('GET /api/tasklists default page', 30, cookie, [overview({})]);
  await gets('GET /api/tasklists status filter (in_progress; completed page 40)', 30, cookie, [
    overview({ status: 'in_progress' }),
    overview({ status: 'completed', page: '40' }),
  ]);
  // A mechanic's screen asks its own lists in the mechanic's order (today_first).
  await gets("GET /api/tasklists a mechanic's default (mine=1, today_first)", 30, cookie, [
    overview({ mine: '1', sortKey: 'today_first', sortOrder: 'asc' }),
  ]);
  await gets('GET /api/tasklists mine (mine=1; mine=1&status=in_progress)', 30, cookie, [
    overview({ mine: '1' }),
    overview({ mine: '1', status: 'in_progress' }),
  ]);

  // Completed reports: the office's list, as an admin.
  const admin = await login(url, benchEmail('admin'), BENCH_PASSWORD);
  await gets('GET /api/completed-reports default page', 30, admin, [completed({})]);
  await gets('GET /api/completed-reports filter (type; customer)', 30, admin, [
    completed({ inspection_type: 'safety' }),
    completed({ customer_id: String(picked.customerId) }),
  ]);

  // Opening a 60-question report (the mechanic's screen), open and submitted ones.
  await gets(`GET /api/reports/:id (60 questions, ${picked.openReports.length} reports)`, 30, cookie, reportPaths());

  // Saving one answer, spread over the open reports: consecutive requests go to other reports.
  const pairs = answerPairs();
  await settle(url);
  const tokenRes = await fetch(`${url}/api/token`, { headers: { cookie, accept: 'application/json' } });
  const token = ((await tokenRes.json()) as { data: { token: string } }).data.token;
  const answerRequest = answerRequests(pairs, answersSent);
  const probe = pairs[0] && answerRequest.setupRequest({ headers: {} });
  const probeRes =
    probe &&
    (await fetch(url + (probe.path as string), {
      method: 'PUT',
      headers: { cookie, accept: 'application/json', 'content-type': 'application/json', 'x-csrf-token': token },
      body: probe.body as string,
    }));
  if (probeRes && probeRes.status === 200) {
    findings.push(
      await group(
        `PUT /api/reports/:id/answers/:questionId (one answer; ${picked.answers.length} open reports, ${pairs.length} questions)`,
        25,
        (s) =>
          load({
            url,
            cookie,
            paths: [],
            requests: [answerRequest as never],
            headers: { 'x-csrf-token': token },
            connections,
            seconds: s,
          }),
        seconds,
        warmup,
      ),
    );
  } else if (probeRes) console.log(`  PUT answer -> ${probeRes.status}: not measured (${await probeRes.text()})`);

  // The PDF of a 60-question report, one at a time: its time to the last byte.
  if (picked.pdfReports.length && (await answers(url, cookie, `/api/reports/${picked.pdfReports[0]}/pdf`))) {
    const times: number[] = [];
    for (const id of picked.pdfReports) {
      const t = performance.now();
      const res = await fetch(`${url}/api/reports/${id}/pdf`, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`pdf ${id}: ${res.status}`);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    findings.push(
      {
        label: `GET /api/reports/:id/pdf (60 questions, ${times.length} reports one after another): median`,
        value: times[Math.floor(times.length / 2)]!,
        unit: 'ms',
        goal: 300,
      },
      { label: 'GET /api/reports/:id/pdf: slowest', value: times[times.length - 1]!, unit: 'ms', goal: 300 },
    );
  }
  return findings;
}

export const tasklistsScenario: Scenario = {
  name: 'tasklists',
  title: `GET /api/tasklists (${TASKLISTS.toLocaleString('en')} task lists, ${(TASKLISTS * MACHINES_PER_LOCATION).toLocaleString('en')} reports): default page, status filters, mine, status sort, a mechanic's default`,
  goalP95Ms: { pglite: 30, postgres: 30 },
  as: 'mechanic',
  seed: (db) => seedTasklists(db),
  paths: [
    overview({}),
    overview({ status: 'in_progress' }),
    overview({ status: 'planned' }),
    overview({ status: 'completed', page: '40' }),
    overview({ mine: '1' }),
    overview({ mine: '1', status: 'in_progress' }),
    overview({ sortKey: 'status', sortOrder: 'asc' }),
    overview({ mine: '1', sortKey: 'today_first', sortOrder: 'asc' }),
  ],
  measure,
};
