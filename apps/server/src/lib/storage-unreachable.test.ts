import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { solidImage } from '../../test-support/images';
import { LIMIT_TEXT } from '@keurwijzer/shared/texts';
import { users } from '../db/schema/users';
import { eventually } from '../test/eventually';
import { freePort } from '../test/nginx';
import { startS3Server } from '../test/s3-server';
import { useTestApp } from '../test/use-test-app';
import { checkBucketAtStart, createS3Storage, type S3Options } from './s3-storage';
import { StorageError } from './storage';

/**
 * A store that does not answer never holds a request: every S3 call has a deadline
 * (S3_CONNECT_TIMEOUT_MS, S3_REQUEST_TIMEOUT_MS), a failure is a Dutch 503 with one log line
 * naming the operation and key, /api/ready says "storage": "fail", and `npm run storage:to-s3`
 * stops with a message and exit code 1. Against a local TCP server that accepts connections and
 * never answers, and a port that refuses them. The deadlines here are half a second; a test
 * that waited for the store would run into the test's own time-out instead.
 */

const SECRET = 'geheim-S3-sleutel-die-nooit-in-de-log-staat';
const CONNECT_MS = 300;
const REQUEST_MS = 500;

/** Accepts every connection and reads what comes, never answering; `connections` counts them. */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('data', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const optionsFor = (port: number): S3Options => ({
  bucket: 'kw-weg',
  region: 'us-east-1',
  endpoint: `http://127.0.0.1:${port}`,
  accessKeyId: 'KWACCESS',
  secretAccessKey: SECRET,
  forcePathStyle: true,
  prefix: 'app/',
  connectTimeoutMs: CONNECT_MS,
  requestTimeoutMs: REQUEST_MS,
});

let silent: Awaited<ReturnType<typeof silentServer>>;
let refusedPort: number;
beforeAll(async () => {
  silent = await silentServer();
  refusedPort = await freePort();
});
afterAll(() => silent.close());

describe.each([
  ['accepts and never answers', () => silent.port],
  ['refuses the connection', () => refusedPort],
] as const)('a store that %s', (_name, port) => {
  it('fails every operation with a 503 StorageError within the deadline, naming the operation and key', async () => {
    const storage = createS3Storage(optionsFor(port()));
    const calls = [
      ['put', 'app/machines/1/a.webp', () => storage.put('machines/1/a.webp', Buffer.from('x'))],
      ['get', 'app/machines/1/a.webp', () => storage.get('machines/1/a.webp')],
      ['delete', 'app/machines/1/a.webp', () => storage.delete('machines/1/a.webp')],
      ['check', 'kw-weg', () => storage.check()],
    ] as const;
    for (const [operation, key, call] of calls) {
      const err = await (call() as Promise<unknown>).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, operation).toBeInstanceOf(StorageError);
      expect(err).toMatchObject({ statusCode: 503, message: LIMIT_TEXT.storageUnavailable, operation, key });
      expect((err as StorageError).reason).not.toContain(SECRET);
    }
  });

  it('lets the server start, with a warning that /api/ready says not ready (a wrong bucket would stop it)', async () => {
    const o = optionsFor(port());
    const warning = await checkBucketAtStart(createS3Storage(o), o);
    expect(warning).toMatch(/S3 bucket "kw-weg" at http:\/\/127\.0\.0\.1:\d+ does not answer/);
    expect(warning).toContain('/api/ready says not ready');
  });
});

describe('the start check of a store that answers', () => {
  it('passes for the bucket, and stops the start with a clear message for a bucket that is not there', async () => {
    const s3 = await startS3Server('kw-start');
    try {
      expect(await checkBucketAtStart(createS3Storage(s3.options), s3.options)).toBeNull();
      const wrong = { ...s3.options, bucket: 'kw-bestaat-niet' };
      await expect(checkBucketAtStart(createS3Storage(wrong), wrong)).rejects.toThrow(
        /S3 bucket "kw-bestaat-niet" .* cannot be used \(HTTP 404.*check S3_BUCKET/,
      );
    } finally {
      await s3.close();
    }
  });
});

describe('the app on a store that does not answer', () => {
  const lines: string[] = [];
  const t = useTestApp({
    app: () => ({
      logLevel: 'info',
      logStream: { write: (line: string) => void lines.push(line) },
      env: {
        S3_BUCKET: 'kw-weg',
        S3_ENDPOINT: `http://127.0.0.1:${silent.port}`,
        S3_ACCESS_KEY_ID: 'KWACCESS',
        S3_SECRET_ACCESS_KEY: SECRET,
        S3_FORCE_PATH_STYLE: '1',
        S3_PREFIX: 'app/',
        S3_CONNECT_TIMEOUT_MS: String(CONNECT_MS),
        S3_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
      },
    }),
  });
  /** The parsed log lines with this message. */
  const logged = (msg: string) =>
    lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === msg);

  it('answers an upload with the Dutch 503 and logs one line with the operation and key', async () => {
    const { user, client } = await t.signIn('mechanic');
    const photo = await solidImage(40, 30, '#336699').png().toBuffer();
    const before = silent.connections();
    const res = await client.upload('/api/profile/image', 'image', {
      name: 'foto.png',
      type: 'image/png',
      data: photo,
    });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ message: LIMIT_TEXT.storageUnavailable, errors: {} });
    expect(silent.connections()).toBeGreaterThan(before);
    const failed = logged('storage failed').filter((l) => l.operation === 'put');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.key).toMatch(new RegExp(`^app/profiles/${user.id}/.+\\.webp$`));
    expect(failed[0]!.reason).toMatch(/TimeoutError: no answer within 500 ms/);
    // Nothing stored on the profile.
    const [row] = await t.db.select({ image: users.image }).from(users).where(eq(users.id, user.id));
    expect(row!.image).toBeNull();
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('answers a file read with the Dutch 503 and logs it', async () => {
    const { user, client } = await t.signIn('mechanic');
    await t.db
      .update(users)
      .set({ image: `profiles/${user.id}/foto.webp` })
      .where(eq(users.id, user.id));
    const res = await client.get('/api/profile/image');
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().message).toBe(LIMIT_TEXT.storageUnavailable);
    expect(
      logged('storage failed')
        .filter((l) => l.operation === 'get')
        .map((l) => l.key),
    ).toEqual([`app/profiles/${user.id}/foto.webp`]);
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('reports the storage as down on /api/ready (503), and says why in the log', async () => {
    await eventually(async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        data: { status: 'not_ready', checks: { database: 'ok', migrations: 'ok', mail_queue: 'ok', storage: 'fail' } },
      });
    });
    // Answered from the last check: probes in a row ask the store nothing (STORAGE_CHECK_TTL_MS).
    const asked = silent.connections();
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
    expect(silent.connections()).toBe(asked);
    const down = logged('storage not reachable: /api/ready says not ready');
    expect(down).toHaveLength(1);
    expect(down[0]!.reason).toMatch(/no answer within 500 ms/);
  });
});

describe('npm run storage:to-s3 on a store that does not answer', () => {
  const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../cli/storage-to-s3.ts');

  it.each([
    ['accepts and never answers', () => silent.port, /no answer within 500 ms/],
    ['refuses the connection', () => refusedPort, /ECONNREFUSED/],
  ] as const)('stops with a message and exit code 1 when it %s', async (_name, port, reason) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-move-hang-'));
    try {
      fs.mkdirSync(path.join(dataDir, 'uploads/machines/1'), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'uploads/machines/1/a.webp'), 'x');
      const child = spawn(process.execPath, ['--import', 'tsx', CLI], {
        env: {
          ...process.env,
          INIT_CWD: dataDir,
          DATA_DIR: dataDir,
          S3_BUCKET: 'kw-weg',
          S3_ENDPOINT: `http://127.0.0.1:${port()}`,
          S3_ACCESS_KEY_ID: 'KWACCESS',
          S3_SECRET_ACCESS_KEY: SECRET,
          S3_FORCE_PATH_STYLE: '1',
          S3_CONNECT_TIMEOUT_MS: String(CONNECT_MS),
          S3_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code, output).toBe(1);
      expect(output).toMatch(/S3 bucket "kw-weg" at http:\/\/127\.0\.0\.1:\d+: check kw-weg failed/);
      expect(output).toMatch(reason);
      expect(output).toContain('S3_REQUEST_TIMEOUT_MS=500');
      expect(output).not.toContain(SECRET);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
