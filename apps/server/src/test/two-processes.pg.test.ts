import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import pg from 'pg';
import { solidImage } from '../../test-support/images';
import { createPostgresDatabase } from './postgres-database';
import { startS3Server } from './s3-server';
import { startSmtpServer } from './smtp-server';
import { eventually } from './eventually';
import { startProxy } from './round-robin-proxy';

/*
 * Two server processes on one PostgreSQL database behind a round-robin proxy
 * made here, with the files in a bucket (a local s3rver) and the mail going to a local SMTP
 * server. Every request of a user goes to the other process than the one before it, so the
 * session, its CSRF token, a report's answers and its submit race, a malfunction with a photo
 * and the mail queue must hold across processes. Only on PostgreSQL (project server-pg): the
 * embedded database belongs to one process (its DATA_DIR lock).
 */

const SERVER_ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../index.ts');
const PASSWORD = 'Demo1234!';

type Upstream = { port: number; served: number; child: ChildProcess };
/** An API answer's JSON as this test reads it (the schemas are tested elsewhere). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = http.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Starts `src/index.ts` (through tsx) and resolves once it answers /api/ready with 200. */
async function startServer(port: number, env: Record<string, string>): Promise<Upstream> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Waits on the server's answer (it migrates, or finds the migrations done, first).
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} stopped (${child.exitCode})`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { port, served: 0, child };
}

/** A browser's session through the proxy: its cookies and CSRF token. */
class Visitor {
  private cookies = new Map<string, string>();
  private token = '';
  constructor(private readonly base: string) {}

  async call(
    method: string,
    url: string,
    body?: object | FormData,
  ): Promise<{ status: number; json: Loose; bytes: Buffer | null }> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') headers['X-CSRF-TOKEN'] = this.token;
    if (body && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
    const res = await fetch(this.base + url, {
      method,
      headers,
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const type = res.headers.get('content-type') ?? '';
    return {
      status: res.status,
      json: type.includes('json') ? await res.json() : null,
      bytes: type.includes('json') ? null : Buffer.from(await res.arrayBuffer()),
    };
  }

  async login(email: string) {
    this.token = (await this.call('GET', '/api/token')).json.data.token;
    const res = await this.call('POST', '/api/login', { email, password: PASSWORD });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    // A new session has a new token (fetched from the other process).
    this.token = (await this.call('GET', '/api/token')).json.data.token;
  }
}

describe('two server processes behind a round-robin proxy, one PostgreSQL database, files in a bucket', () => {
  let database: { url: string; drop(): Promise<void> };
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let upstreams: Upstream[] = [];
  let proxy: { url: string; close(): Promise<void> };
  const dataDirs: string[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    s3 = await startS3Server('kw-two');
    smtp = await startSmtpServer();
    const proxyPort = await freePort();
    const shared = {
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '4',
      SESSION_SECRET: 'two-processes-session-secret-'.padEnd(48, 's'),
      SECRET_BOX_KEY: 'two-processes-secret-box-key-'.padEnd(48, 'k'),
      APP_URL: `http://127.0.0.1:${proxyPort}`,
      SMTP_URL: smtp.url,
      S3_BUCKET: s3.options.bucket,
      S3_ENDPOINT: s3.options.endpoint!,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
      SCRYPT_LOG_N: '10',
      LOG_LEVEL: 'warn',
      REMINDERS: '0',
      NODE_ENV: 'production',
    };
    const dataDir = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-two-'));
      dataDirs.push(dir);
      return dir;
    };
    // The first one migrates and seeds the demo; the second finds both done.
    upstreams.push(await startServer(await freePort(), { ...shared, DATA_DIR: dataDir(), SEED_DEMO: '1' }));
    upstreams.push(await startServer(await freePort(), { ...shared, DATA_DIR: dataDir(), SEED_DEMO: '0' }));
    // The proxy on the port APP_URL names (the mails' links point there).
    proxy = await startProxy(proxyPort, upstreams);
  }, 180_000);

  afterAll(async () => {
    await proxy?.close();
    for (const u of upstreams) u.child.kill('SIGTERM');
    await Promise.all(
      upstreams.map((u) => new Promise((r) => (u.child.exitCode !== null ? r(null) : u.child.once('exit', r)))),
    );
    upstreams = [];
    await smtp?.close();
    await s3?.close();
    await database?.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('a mechanic fills in and submits a report; ten submits at once give one 200', async () => {
    const mechanic = new Visitor(proxy.url);
    await mechanic.login('monteur@example.com');
    // The session made by one process is known to the other.
    for (let i = 0; i < 2; i++)
      expect((await mechanic.call('GET', '/api/authorized')).json.data.email).toBe('monteur@example.com');

    const lists = (await mechanic.call('GET', '/api/tasklists?itemsPerPage=100')).json.data as {
      id: number;
      status: string;
    }[];
    let reportId: number | undefined;
    for (const list of lists.filter((l) => l.status !== 'completed')) {
      const detail = (await mechanic.call('GET', `/api/tasklists/${list.id}`)).json.data;
      reportId = detail.machines?.find(
        (m: { report_id: number | null; report_status: string }) => m.report_id && m.report_status !== 'submitted',
      )?.report_id;
      if (reportId) break;
    }
    expect(reportId).toBeDefined();
    const report = (await mechanic.call('GET', `/api/reports/${reportId}`)).json.data;
    const answered_at = new Date().toISOString();
    for (const category of report.categories) {
      for (const q of category.questions) {
        const body =
          q.kind === 'measurement'
            ? { value: String(q.min_value ?? q.max_value ?? '1'), answered_at }
            : { option: Math.max(1, q.answer_judgements.indexOf('good') + 1), answered_at };
        const res = await mechanic.call('PUT', `/api/reports/${reportId}/answers/${q.id}`, body);
        expect(res.status, JSON.stringify(res.json)).toBe(200);
      }
    }
    const submits = await Promise.all(
      Array.from({ length: 10 }, () => mechanic.call('POST', `/api/reports/${reportId}/submit`, {})),
    );
    expect(submits.map((s) => s.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const done = (await mechanic.call('GET', `/api/reports/${reportId}`)).json.data;
    expect(done.status).toBe('submitted');
    expect(done.answered_count).toBe(done.questions_count);
  });

  it('a customer reports a malfunction with a photo: in the bucket, served by both, the office mailed once each', async () => {
    const customer = new Visitor(proxy.url);
    await customer.login('klant@example.com');
    const machines = (await customer.call('GET', '/api/machines?itemsPerPage=5')).json.data as { id: number }[];
    const photo = await solidImage(640, 480, '#aa3322').jpeg().toBuffer();
    const form = new FormData();
    form.append('description', 'Pers maakt een tikkend geluid');
    form.append('urgency', 'normal');
    form.append('photos', new Blob([photo], { type: 'image/jpeg' }), 'foto.jpg');
    const made = await customer.call('POST', `/api/machines/${machines[0]!.id}/malfunctions`, form);
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const url = made.json.data.photos[0].url as string;
    // Both processes serve the one object of the bucket.
    const reads = await Promise.all([customer.call('GET', url), customer.call('GET', url)]);
    expect(reads.map((r) => r.status)).toEqual([200, 200]);
    expect(reads[0]!.bytes!.equals(reads[1]!.bytes!)).toBe(true);
    const objects = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.options.bucket }));
    expect((objects.Contents ?? []).some((o) => o.Key!.startsWith('malfunctions/'))).toBe(true);

    // Every queued mail sent, by one of the two workers, exactly once.
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      await eventually(async () => {
        const { rows } = await db.query(
          `select count(*) filter (where status = 'queued')::int as queued, count(*) filter (where status = 'sent')::int as sent from mails`,
        );
        expect(rows[0].queued).toBe(0);
        expect(rows[0].sent).toBeGreaterThan(0);
        expect(smtp.received).toHaveLength(rows[0].sent);
      });
      const { rows } = await db.query(`select to_address, subject from mails where status = 'sent'`);
      const sent = rows.map((r: { to_address: string; subject: string }) => `${r.to_address} ${r.subject}`).sort();
      const received = smtp.received.map((m) => `${m.to.join(',')} ${m.subject}`).sort();
      expect(received).toEqual(sent);
      expect(new Set(received).size).toBe(received.length);
      expect(received.some((r) => r.includes('Pers') || r.toLowerCase().includes('storing'))).toBe(true);
    } finally {
      await db.end();
    }
    // Both processes had a share of the requests.
    for (const u of upstreams) expect(u.served).toBeGreaterThan(5);
  });
});
