import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { TEXT } from '@keurwijzer/shared/texts';
import { migrationCount, type Database } from '../db/client';
import { AppError, notFound } from '../lib/errors';
import type { MailQueue } from '../lib/mail-queue';
import { dataOf } from '../lib/responses';
import { reasonOf, type Storage } from '../lib/storage';
import { safeEqual } from '../lib/tokens';

export type HealthPluginOptions = {
  database: Database;
  mail: MailQueue;
  /** GET /api/metrics's bearer token; undefined: no metrics (404). */
  metricsToken: string | undefined;
  /** The files' storage, whose check (a HeadBucket for S3) /api/ready reports. */
  storage: Pick<Storage, 'check'>;
  /** Where the storage's changes of state are logged (the app's logger). */
  log: { error(obj: object, msg: string): void; info(msg: string): void };
};

/** How long /api/ready waits for the database before it calls it unreachable. */
const DATABASE_TIMEOUT_MS = 2_000;
/**
 * How long /api/ready answers from the storage's last check before it starts another one (in the
 * background: a probe never waits for the bucket, and a load balancer probing every second is
 * not a HeadBucket a second per process).
 */
export const STORAGE_CHECK_TTL_MS = 10_000;

const CHECK = z.enum(['ok', 'fail']);
const ReadySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ database: CHECK, migrations: CHECK, mail_queue: CHECK, storage: CHECK }),
});

/**
 * The storage's state for /api/ready: the last check's answer, a new check started once it is
 * older than STORAGE_CHECK_TTL_MS (one at a time). Only the very first probe waits for a check,
 * at most as long as for the database. A change of state is one log line.
 */
function storageProbe(storage: Pick<Storage, 'check'>, log: HealthPluginOptions['log']) {
  let ok: boolean | null = null;
  let checkedAt = 0;
  let running: Promise<void> | null = null;
  const refresh = () =>
    (running ??= storage
      .check()
      .then(
        () => {
          if (ok === false) log.info('storage reachable again');
          ok = true;
        },
        (err: unknown) => {
          const reason = (err as { reason?: string }).reason ?? reasonOf(err);
          if (ok !== false) log.error({ reason }, 'storage not reachable: /api/ready says not ready');
          ok = false;
        },
      )
      .finally(() => {
        checkedAt = Date.now();
        running = null;
      }));
  return {
    refresh,
    async state(): Promise<'ok' | 'fail'> {
      if (ok === null) await within(refresh(), DATABASE_TIMEOUT_MS).catch(() => undefined);
      else if (Date.now() - checkedAt >= STORAGE_CHECK_TTL_MS) void refresh();
      return ok ? 'ok' : 'fail';
    },
  };
}

/** `work`, or a rejection after `ms`. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The process's metrics in their own registry (one per app: tests build many apps in one
 * process): request durations per route pattern, method and status; the database pool; the
 * mail queue's depth and failures; and prom-client's process metrics, among them the event
 * loop's lag (nodejs_eventloop_lag_*).
 */
function createMetrics({ database, mail }: Pick<HealthPluginOptions, 'database' | 'mail'>) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of the answer, per route pattern, method and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_server_errors_total',
    help: 'Answers with a 5xx status, per route pattern.',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const pool = database.pool;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'The database pool of this process: connections in use and idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const now = pool();
        this.set({ state: 'in_use' }, now.inUse);
        this.set({ state: 'idle' }, now.idle);
        this.set({ state: 'waiting' }, now.waiting);
      },
    });
  }
  new Gauge({
    name: 'mail_queue_mails',
    help: 'Mails of the shared queue (all processes): waiting to be sent, and failed for good.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const stats = await mail.stats();
      this.set({ status: 'queued' }, stats.queued);
      this.set({ status: 'failed' }, stats.failed);
    },
  });
  return {
    registry,
    /** Counts one answered request under its route's pattern (never the raw URL: no ids, no tokens). */
    observe(method: string, route: string | undefined, statusCode: number, seconds: number) {
      const pattern = route && route !== '*' ? route : 'unmatched';
      requests.observe({ method, route: pattern, status_code: String(statusCode) }, seconds);
      if (statusCode >= 500) errors.inc({ route: pattern });
    },
  };
}

const routes: FastifyPluginAsyncZod<HealthPluginOptions> = async (
  app,
  { database, mail, metricsToken, storage, log },
) => {
  const migrations = migrationCount();
  const files = storageProbe(storage, log);
  // The first check at start, without holding the start up (the bucket may not answer).
  app.addHook('onReady', () => void files.refresh());
  const metrics = metricsToken ? createMetrics({ database, mail }) : null;
  if (metrics) {
    // Synchronous: a hook on every request must not cost a promise (app.ts).
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observe(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }

  /** The process answers (a load balancer's liveness check); touches nothing else. */
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { response: { 200: dataOf(z.object({ status: z.literal('ok') })) } } },
    async () => ({ data: { status: 'ok' as const } }),
  );

  /**
   * Whether this process should get requests (a load balancer's readiness check): the database
   * answers, it has every migration of this build, this process's mail worker runs, and the
   * files' storage answered its last check (at most STORAGE_CHECK_TTL_MS ago). 503 with the same
   * body otherwise, saying which check failed (never why: no error text; the log says why).
   */
  app.get(
    '/api/ready',
    { config: { access: 'public' }, schema: { response: { 200: dataOf(ReadySchema), 503: dataOf(ReadySchema) } } },
    async (_request, reply) => {
      let database_: 'ok' | 'fail' = 'fail';
      let migrations_: 'ok' | 'fail' = 'fail';
      try {
        const { rows } = await within(
          database.sql.query('select count(*)::int as n from drizzle.__drizzle_migrations'),
          DATABASE_TIMEOUT_MS,
        );
        database_ = 'ok';
        if (Number(rows[0]?.n) >= migrations) migrations_ = 'ok';
      } catch {
        // database_ stays 'fail'
      }
      const checks = {
        database: database_,
        migrations: migrations_,
        mail_queue: mail.running() ? 'ok' : 'fail',
        storage: await files.state(),
      } as const;
      const ready = Object.values(checks).every((c) => c === 'ok');
      reply.code(ready ? 200 : 503);
      return { data: { status: ready ? ('ready' as const) : ('not_ready' as const), checks } };
    },
  );

  /**
   * Prometheus metrics of this process, for a scraper that sends `Authorization: Bearer
   * <METRICS_TOKEN>`; 404 when no token is configured (as if there were no such route), 401 for
   * a missing or wrong token.
   */
  app.get('/api/metrics', { config: { access: 'public' } }, async (request, reply) => {
    if (!metrics || !metricsToken) throw notFound();
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!safeEqual(given, metricsToken)) throw new AppError(401, TEXT.unauthenticated);
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
};

/** GET /api/health, GET /api/ready and GET /api/metrics (health and metrics). */
export const healthPlugin = fp(routes, { name: 'health' });
