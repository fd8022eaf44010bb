import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Role } from '@keurwijzer/shared/permissions';
import { openPglite, openPostgres, type Database, type Db } from '../src/db/client';
import { users } from '../src/db/schema/users';
import { hashPassword } from '../src/lib/password';
import { BENCH_SESSION_SECRET } from './secret';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The database a benchmark runs on: a temporary PGlite DATA_DIR or a new PostgreSQL database. */
export type Target = {
  kind: 'pglite' | 'postgres';
  /** How the server child process finds the database. */
  env: Record<string, string>;
  open(): Promise<Database>;
  /** Removes the directory or drops the database. */
  dispose(): Promise<void>;
};

export async function pgliteTarget(): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-bench-'));
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir },
    // The seed is bulk data, not users' changes: no audit rows for it (the app runs with the trail).
    open: () => openPglite(dataDir, { auditTrail: false }),
    async dispose() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh database on the server of `url` (as test/build-test-app.ts does), dropped afterwards. */
export async function postgresTarget(url: string): Promise<Target> {
  const name = `kw_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    kind: 'postgres',
    env: { DATABASE_URL: target.toString() },
    open: () => openPostgres(target.toString(), 2, { auditTrail: false }),
    async dispose() {
      if (process.env.BENCH_KEEP_DB) return console.log(`BENCH_KEEP_DB: database ${name} kept`);
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export const BENCH_PASSWORD = 'Bench123!';
export const benchEmail = (role: Role) => `bench-${role.replace('_', '-')}@example.com`;

/** One activated account per role to log in with (cheap scrypt: the bench measures lists, not logins). */
export async function seedAccounts(db: Db, customerId: number): Promise<void> {
  const passwordHash = await hashPassword(BENCH_PASSWORD, 10);
  const roles: Role[] = ['super_admin', 'admin', 'mechanic', 'customer'];
  await db.insert(users).values(
    roles.map((role) => ({
      email: benchEmail(role),
      role,
      firstName: 'Bench',
      lastName: role,
      passwordHash,
      activatedAt: new Date(),
      customerId: role === 'customer' ? customerId : null,
    })),
  );
}

/** Inserts rows in chunks (one statement per chunk keeps under the bind-parameter limit). */
export async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Runs a bulk insert of machines with the per-row due refresh off, then refreshes the due rows of
 * every machine in one set-based call: one refresh (with its nested update of the machine) per
 * inserted row made a 100,000-machine seed take over 20 minutes.
 */
export async function bulkMachines(db: Db, work: () => Promise<unknown>): Promise<void> {
  await db.execute(sql`alter table machines disable trigger machine_due_inserted`);
  try {
    await work();
  } finally {
    await db.execute(sql`alter table machines enable trigger machine_due_inserted`);
  }
  await db.execute(sql`analyze machines`);
  await db.execute(sql`select refresh_machine_due(array(select id from machines))`);
}

export type Server = {
  url: string;
  /** The server process's resident memory in bytes. */
  memory(): Promise<number>;
  /** The CPU time (user and system) the server process has used so far, in µs. */
  cpu(): Promise<number>;
  stop(): Promise<void>;
};

/**
 * Starts the real app (bench/server.ts) in a child process, so the load generator does not
 * share its event loop. Resolves once it listens on a free port of 127.0.0.1. `entry` starts
 * another server the same way (the ratio bench's ceiling, bench/ceiling.ts). With BENCH_CPU_PROF
 * each writes its CPU profile into a folder of that directory named after it (server/, ceiling/).
 */
export function startServer(target: Target, entry: 'server.ts' | 'ceiling.ts' = 'server.ts'): Promise<Server> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: BENCH_SESSION_SECRET,
  };
  // Only the target decides the database: a DATABASE_URL of the shell must not win over PGlite.
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  const profileDir = process.env.BENCH_CPU_PROF && path.join(process.env.BENCH_CPU_PROF, path.basename(entry, '.ts'));
  const child: ChildProcess = fork(path.join(here, entry), [], {
    execArgv: ['--import', 'tsx', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
    env: { ...env, ...target.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.once('message', (msg: { port: number }) => {
      const ask = (question: 'memory' | 'cpu', key: 'rss' | 'cpu') =>
        new Promise<number>((done) => {
          const onMessage = (m: Record<string, unknown>) => {
            if (typeof m[key] !== 'number') return;
            child.off('message', onMessage);
            done(m[key]);
          };
          child.on('message', onMessage);
          child.send(question);
        });
      resolve({
        url: `http://127.0.0.1:${msg.port}`,
        memory: () => ask('memory', 'rss'),
        cpu: () => ask('cpu', 'cpu'),
        async stop() {
          child.send('stop');
          await exited;
        },
      });
    });
  });
}

/** Logs in as the web app does (token, login, token) and returns the session cookie. */
export async function login(url: string, email: string, password: string): Promise<string> {
  const tokenRes = await fetch(`${url}/api/token`, { headers: { accept: 'application/json' } });
  const visitor = cookieOf(tokenRes);
  const { data } = (await tokenRes.json()) as { data: { token: string } };
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-csrf-token': data.token,
      cookie: visitor,
    },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login as ${email}: ${res.status} ${await res.text()}`);
  return cookieOf(res);
}

function cookieOf(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('kw_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

export type LoadResult = {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Responses other than 2xx, plus connection errors and timeouts. */
  failures: number;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Runs autocannon against the paths (each connection cycles through them) and computes the
 * percentiles from every single response time (autocannon's own histogram has no p95).
 */
export async function load(opts: {
  url: string;
  cookie: string;
  paths: string[];
  connections: number;
  seconds: number;
  /** Instead of GETs of `paths`: autocannon requests (a PUT with a body, setupRequest per request). */
  requests?: autocannon.Request[];
  /** Extra headers for every request (the CSRF token of a change). */
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.url,
        connections: opts.connections,
        duration: opts.seconds,
        headers: { cookie: opts.cookie, accept: 'application/json', ...opts.headers },
        requests: opts.requests ?? opts.paths.map((p) => ({ method: 'GET', path: p })),
      },
      (err, res) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    rps: times.length / opts.seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * One benchmark: what it seeds into the fresh database, who it logs in as and which GETs it
 * fires. bench/run.ts runs every scenario on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
export type Scenario = {
  /** Short name to pick it on the command line: `npm run bench -w @keurwijzer/server -- users`. */
  name: string;
  title: string;
  /** The p95 latency goal in ms, per database. */
  goalP95Ms: Record<Target['kind'], number>;
  as: Role;
  /**
   * Runs before the server starts; `base` is what the runner seeded for every scenario. May
   * return ids it made, which `paths` and `measure` receive.
   */
  seed(db: Db, base: { customerId: number }): Promise<Seeded | void>;
  /** Request paths; every connection cycles through them. */
  paths: string[] | ((seeded: Seeded) => string[]);
  /** Measurements besides the load (e.g. an export's time and memory), each against a goal. */
  measure?(ctx: { url: string; cookie: string; seeded: Seeded; memory: () => Promise<number> }): Promise<Finding[]>;
};
export type Seeded = Record<string, number>;

/** A measured figure and its goal (at most). */
export type Finding = { label: string; value: number; unit: string; goal: number };

/** A small deterministic random generator (mulberry32), so every run seeds the same data. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
