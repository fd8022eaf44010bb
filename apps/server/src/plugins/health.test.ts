import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/build-test-app';
import { useTestApp } from '../test/use-test-app';

const TOKEN = 'metrics-token-'.padEnd(40, 'm');

describe('health and readiness', () => {
  const t = useTestApp();

  it('GET /api/health answers without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' } });
  });

  it('GET /api/ready: database, migrations, mail worker and storage ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: { status: 'ready', checks: { database: 'ok', migrations: 'ok', mail_queue: 'ok', storage: 'ok' } },
    });
  });

  it('GET /api/metrics is not there without METRICS_TOKEN', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeTruthy();
  });
});

describe('not ready', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('says 503 with the failing check: a missing migration, a stopped mail worker', async () => {
    // The newest migration row gone: this build has a migration the database lacks.
    await app.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    let res = await app.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      data: { status: 'not_ready', checks: { database: 'ok', migrations: 'fail', mail_queue: 'ok', storage: 'ok' } },
    });
    await app.app.mailQueue.stop();
    res = await app.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().data.checks).toEqual({ database: 'ok', migrations: 'fail', mail_queue: 'fail', storage: 'ok' });
  });
});

describe('metrics', () => {
  const t = useTestApp({ app: () => ({ env: { METRICS_TOKEN: TOKEN } }) });
  const metrics = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });

  it('needs the bearer token: 401 without it or with another', async () => {
    for (const header of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, 'Bearer ']) {
      const res = await metrics(header);
      expect(res.statusCode, String(header)).toBe(401);
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('counts requests per route pattern and status, and reports the mail queue, the event loop and the pool', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    // A route with an id: counted under its pattern, never its URL.
    expect((await t.admin.get(`/api/users/${Number.MAX_SAFE_INTEGER - 7}`)).statusCode).toBe(404);
    expect((await t.mechanic.get('/api/users')).statusCode).toBe(403);
    const res = await metrics(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const body = res.body;
    expect(body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} [1-9]/,
    );
    expect(body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/users\/:id",status_code="404"\} 1/,
    );
    expect(body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/users",status_code="403"\} 1/,
    );
    expect(body).not.toContain(String(Number.MAX_SAFE_INTEGER - 7));
    expect(body).toMatch(/mail_queue_mails\{status="queued"\} \d+/);
    expect(body).toMatch(/mail_queue_mails\{status="failed"\} \d+/);
    expect(body).toMatch(/nodejs_eventloop_lag_seconds \d/);
    if (process.env.TEST_DB_DRIVER === 'pg') {
      expect(body).toMatch(/db_pool_connections\{state="in_use"\} \d+/);
      expect(body).toMatch(/db_pool_connections\{state="waiting"\} \d+/);
    } else {
      // The embedded database has one connection and no pool.
      expect(body).not.toContain('db_pool_connections');
    }
  });

  it('counts a failed mail', async () => {
    const before = /mail_queue_mails\{status="failed"\} (\d+)/.exec((await metrics(`Bearer ${TOKEN}`)).body)![1];
    await t.db.execute(
      sql`insert into mails (kind, to_address, subject, text, status) values ('test', 'x@example.com', 'x', 'x', 'failed')`,
    );
    const after = /mail_queue_mails\{status="failed"\} (\d+)/.exec((await metrics(`Bearer ${TOKEN}`)).body)![1];
    expect(Number(after)).toBe(Number(before) + 1);
  });
});
