import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDownload, type Download } from './stream-download';

/**
 * The streaming sender over a real socket (app.inject cannot show a cut-off transfer or a
 * client that goes away): headers first, an error halfway logged and the download cut off, a
 * cancelled download stops the reading.
 */
const CHUNK = 'x'.repeat(64 * 1024);
const logs: { level: number; msg: string }[] = [];
let app: FastifyInstance;
let base: string;

/** Writes `chunk`, waiting while the client is slower (or until the download is cancelled). */
async function put(out: Writable, chunk: string) {
  if (!out.write(chunk))
    await new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
}

let cancelled: { batches: number; done: Promise<void> } | undefined;

const downloads: Record<string, () => Download> = {
  whole: () => ({
    contentType: 'text/plain',
    fileName: 'heel-2026.txt',
    write: async (out) => {
      for (let i = 0; i < 3; i++) await put(out, `regel ${i}\n`);
      out.end();
    },
  }),
  failing: () => ({
    contentType: 'text/plain',
    fileName: 'kapot.txt',
    write: async (out) => {
      await put(out, CHUNK);
      await sleep(50);
      throw new Error('database went away');
    },
  }),
  'failing-early': () => ({
    contentType: 'text/plain',
    fileName: 'kapot.txt',
    write: () => Promise.reject(new Error('before the first byte')),
  }),
  endless: () => {
    let resolveDone!: () => void;
    const state = { batches: 0, done: new Promise<void>((r) => (resolveDone = r)) };
    cancelled = state;
    return {
      contentType: 'text/plain',
      fileName: 'eindeloos.txt',
      write: async (out) => {
        // A reader that would never end on its own: only the cancellation stops it.
        while (!out.destroyed) {
          state.batches += 1;
          await put(out, CHUNK);
        }
        resolveDone();
      },
    };
  },
};

beforeAll(async () => {
  app = Fastify({
    logger: {
      level: 'info',
      stream: { write: (line: string) => void logs.push(JSON.parse(line) as { level: number; msg: string }) },
    },
  });
  app.get<{ Params: { name: string } }>('/:name', (req, reply) =>
    sendDownload(req, reply, downloads[req.params.name]!(), 'test download'),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

/** GET `path`: the response as soon as its headers are in. */
const get = (path: string) =>
  new Promise<http.IncomingMessage>((resolve, reject) => http.get(`${base}${path}`, resolve).on('error', reject));

/** The body as far as it came, and whether the transfer was cut off. */
const read = (res: http.IncomingMessage) =>
  new Promise<{ body: string; aborted: boolean }>((resolve) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (d: string) => (body += d));
    res.on('end', () => resolve({ body, aborted: false }));
    res.on('error', () => resolve({ body, aborted: true }));
    res.on('aborted', () => resolve({ body, aborted: true }));
  });

describe('sendDownload', () => {
  it('sends the type and the file name as an attachment, then the whole body', async () => {
    const res = await get('/whole');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="heel-2026.txt"');
    expect(await read(res)).toEqual({ body: 'regel 0\nregel 1\nregel 2\n', aborted: false });
  });

  it('cuts the download off and logs the error when writing fails halfway', async () => {
    const res = await get('/failing');
    expect(res.statusCode).toBe(200);
    const { body, aborted } = await read(res);
    expect(aborted).toBe(true);
    expect(body.length).toBeGreaterThan(0);
    expect(logs.some((l) => l.level === 50 && l.msg === 'test download failed')).toBe(true);
  });

  it('answers an error response when writing fails before the first byte', async () => {
    const res = await get('/failing-early');
    expect(res.statusCode).toBe(500);
    await read(res);
  });

  it('stops the reading when the client goes away', async () => {
    const res = await get('/endless');
    await new Promise((resolve) => res.once('data', resolve));
    res.destroy();
    await cancelled!.done;
    const batches = cancelled!.batches;
    await sleep(50);
    expect(cancelled!.batches).toBe(batches);
  });
});
