import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { users } from '../src/db/schema/users';
import { createSessionStore } from '../src/modules/auth/session-store';
import type autocannon from 'autocannon';
import { benchEmail, load, startServer, type LoadResult, type Seeded, type Server, type Target } from './lib';
import { compliancePaths } from './scenarios/compliance';
import { machinesScenario } from './scenarios/machines';
import { answerPairs, answerRequests, answersSent, overview, reportPaths } from './scenarios/tasklists';
import { usersScenario } from './scenarios/users';
import { BENCH_SESSION_SECRET } from './secret';

/**
 * The ratio bench ("the request path's own cost"): the app against its ceiling, a bare
 * Fastify route on the same database that runs the same two statements (session lookup, list
 * page) and nothing else (bench/ceiling.ts). Both run alternately (app, ceiling, app, ceiling
 * ...) in the same bench run, so a busy machine slows both alike; app/ceiling is the share of
 * the possible throughput the app reaches. Goal: at least 80 %.
 */
export const RATIO_GOAL = 0.8;

/**
 * The field-work paths (the overview's status filter, opening a report, saving an
 * answer) against their ceiling: at least 90 %, what the lists reach.
 */
export const FIELD_RATIO_GOAL = 0.9;

export type RatioCase = {
  name: string;
  /** GETs every connection cycles through. */
  paths: string[];
  /** Instead of GETs: autocannon requests (a PUT with its body, made per request). */
  requests?: autocannon.Request[];
  /** The share of the ceiling's throughput to reach (default RATIO_GOAL). */
  goal?: number;
};

/** A filter or search narrows a list (the machines' filters, the users' search). */
const NARROWED = /[?&](search|location_id|department_id|room_id|machine_type_id|brand_id|status)=/;

/** The users and machines scenarios' own paths, split into the whole list and a search/filter. */
export function ratioCases(seeded: { users: Seeded; machines: Seeded }): RatioCase[] {
  const pathsOf = (s: typeof usersScenario, ids: Seeded) => (typeof s.paths === 'function' ? s.paths(ids) : s.paths);
  const userPaths = pathsOf(usersScenario, seeded.users);
  const machinePaths = pathsOf(machinesScenario, seeded.machines);
  return [
    { name: 'users list', paths: userPaths.filter((p) => !NARROWED.test(p)) },
    { name: 'users search', paths: userPaths.filter((p) => NARROWED.test(p)) },
    { name: 'machines list', paths: machinePaths.filter((p) => !NARROWED.test(p)) },
    { name: 'machines search/filter', paths: machinePaths.filter((p) => NARROWED.test(p)) },
  ];
}

/**
 * The field-work cases, on the tasklists scenario's data: the overview's status filter
 * (In uitvoering; Afgerond page 40), opening the 60-question reports, saving answers (the
 * scenario's unanswered questions, going on where its load stopped: app and ceiling each save
 * the next ones, so both write new answers).
 */
export function fieldWorkCases(): RatioCase[] {
  return [
    {
      name: 'tasklists status filter',
      paths: [overview({ status: 'in_progress' }), overview({ status: 'completed', page: '40' })],
      goal: FIELD_RATIO_GOAL,
    },
    { name: 'report open', paths: reportPaths(), goal: FIELD_RATIO_GOAL },
    {
      name: 'answer save',
      paths: [],
      requests: [answerRequests(answerPairs(), answersSent) as unknown as autocannon.Request],
      goal: FIELD_RATIO_GOAL,
    },
  ];
}

/**
 * The office home (GET /api/overview, one statement of counts) on the compliance
 * scenario's data (100,000 machines, 400,000 reports), against its ceiling: at least 80 %.
 */
export function complianceCases(): RatioCase[] {
  return [{ name: 'office home', paths: [compliancePaths.home], goal: RATIO_GOAL }];
}

/**
 * A session of the bench admin, made as login makes it (the session store), while seeding: the
 * PGlite ceiling runs on a copy of the data directory, which must hold the session too.
 */
export async function ratioSession(db: Db): Promise<string> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, benchEmail(usersScenario.as)));
  const store = createSessionStore(db, { secret: BENCH_SESSION_SECRET, idleMs: 3_600_000, absoluteMs: 3_600_000 });
  const { cookie } = await store.create(admin!.id);
  return `kw_session=${cookie}`;
}

/**
 * Starts the ceiling on the target's database. PostgreSQL: the same database. PGlite (one
 * process per data directory): a copy of the seeded directory, made before the app opens it.
 */
export async function prepareCeiling(target: Target): Promise<{ start(): Promise<Server>; dispose(): void }> {
  if (target.kind === 'postgres') return { start: () => startServer(target, 'ceiling.ts'), dispose() {} };
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-bench-ceiling-'));
  fs.cpSync(target.env.DATA_DIR!, copy, { recursive: true });
  return {
    start: () => startServer({ ...target, env: { DATA_DIR: copy } }, 'ceiling.ts'),
    dispose: () => fs.rmSync(copy, { recursive: true, force: true }),
  };
}

/** A run and the server's CPU time per answered request (user and system, ms). */
export type RatioRun = LoadResult & { cpuMs: number };
export type RatioResult = { name: string; goal: number; app: RatioRun[]; ceiling: RatioRun[] };

/** The session's CSRF header, which a change (saving an answer) sends. */
export async function csrfHeaders(url: string, cookie: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/token`, { headers: { cookie, accept: 'application/json' } });
  return { 'x-csrf-token': ((await res.json()) as { data: { token: string } }).data.token };
}

/**
 * Warms both up, then `rounds` times the app and then the ceiling, each for `seconds`, with the
 * same paths, cookie and connections.
 */
export async function runRatio(opts: {
  app: Server;
  ceiling: Server;
  cookie: string;
  cases: RatioCase[];
  connections: number;
  seconds: number;
  warmup: number;
  rounds: number;
  report(line: string): void;
}): Promise<RatioResult[]> {
  const results: RatioResult[] = [];
  // A change needs the session's CSRF token (the app checks it; the ceiling does not).
  const headers = await csrfHeaders(opts.app.url, opts.cookie);
  for (const c of opts.cases) {
    const run = async (server: Server, seconds: number): Promise<RatioRun> => {
      const cpu = await server.cpu();
      const r = await load({
        url: server.url,
        cookie: opts.cookie,
        paths: c.paths,
        requests: c.requests,
        headers,
        connections: opts.connections,
        seconds,
      });
      return { ...r, cpuMs: ((await server.cpu()) - cpu) / 1000 / r.requests };
    };
    for (const server of [opts.app, opts.ceiling]) await check(server.url, opts.cookie, c, headers);
    await run(opts.app, opts.warmup);
    await run(opts.ceiling, opts.warmup);
    const result: RatioResult = { name: c.name, goal: c.goal ?? RATIO_GOAL, app: [], ceiling: [] };
    for (let i = 0; i < opts.rounds; i++) {
      result.app.push(await run(opts.app, opts.seconds));
      result.ceiling.push(await run(opts.ceiling, opts.seconds));
    }
    opts.report(ratioLine(result));
    results.push(result);
  }
  return results;
}

/**
 * Both answer 200 to every path (the ceiling's session lookup found the session), and to one of
 * the case's requests (made as autocannon makes it).
 */
async function check(url: string, cookie: string, c: RatioCase, headers: Record<string, string>) {
  for (const p of c.paths) {
    const res = await fetch(url + p, { headers: { cookie, accept: 'application/json' } });
    if (res.status !== 200) throw new Error(`${url}${p}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  for (const r of c.requests ?? []) {
    const base = {
      method: r.method ?? 'GET',
      path: r.path ?? '/',
      headers: { cookie, accept: 'application/json', ...headers },
    };
    const req = (typeof r.setupRequest === 'function' ? r.setupRequest(base as never, {}) : base) as unknown as {
      method: string;
      path: string;
      headers: Record<string, string>;
      body?: string;
    };
    const res = await fetch(url + req.path, { method: req.method, headers: req.headers, body: req.body });
    if (res.status !== 200) throw new Error(`${url}${req.path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** The measures of one case: mean req/s, median p95 of the rounds, the ratio and its range per round. */
export function ratioOf(r: RatioResult) {
  const rounds = r.app.map((a, i) => a.rps / r.ceiling[i]!.rps);
  return {
    appRps: sum(r.app.map((x) => x.rps)) / r.app.length,
    ceilingRps: sum(r.ceiling.map((x) => x.rps)) / r.ceiling.length,
    appP95: median(r.app.map((x) => x.p95)),
    ceilingP95: median(r.ceiling.map((x) => x.p95)),
    appCpuMs: median(r.app.map((x) => x.cpuMs)),
    ceilingCpuMs: median(r.ceiling.map((x) => x.cpuMs)),
    ratio: sum(r.app.map((x) => x.requests)) / sum(r.ceiling.map((x) => x.requests)),
    low: Math.min(...rounds),
    high: Math.max(...rounds),
    failures: sum([...r.app, ...r.ceiling].map((x) => x.failures)),
  };
}

const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
export const ratioVerdict = (r: RatioResult) => {
  const m = ratioOf(r);
  return m.failures > 0 ? 'FAIL (errors)' : m.ratio >= r.goal ? 'PASS' : 'MISS';
};

export function ratioLine(r: RatioResult): string {
  const m = ratioOf(r);
  return (
    `ratio ${r.name}: app ${m.appRps.toFixed(0)} req/s (p95 ${m.appP95.toFixed(1)} ms), ceiling ${m.ceilingRps.toFixed(0)} ` +
    `req/s (p95 ${m.ceilingP95.toFixed(1)} ms): app/ceiling ${pct(m.ratio)} (rounds ${pct(m.low)}-${pct(m.high)}; ` +
    `goal >= ${pct(r.goal)}): ${ratioVerdict(r)}; Node CPU per request: app ${m.appCpuMs.toFixed(2)} ms, ` +
    `ceiling ${m.ceilingCpuMs.toFixed(2)} ms`
  );
}
