import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { redactTokens } from '../lib/log-redaction';
import { createMailer } from '../lib/mailer';
import { createTestApp, type TestApp } from '../test/build-test-app';

/**
 * The tokens of e-mailed links never reach the log (security.md), whatever writes
 * the line: the request line, the error handler's 500 (an error's message and stack may quote the
 * URL), Fastify's own refusals. The app logs at trace here, so every line it could write is read.
 */
const TOKEN = 'Tk9pZXRzLWdlaGVpbXMtaW4tZGUtbG9nLW9va2hpZXI'; // 43 characters, as randomToken() makes

function collector() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

describe('tokens of e-mailed links in the log', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await t?.close();
    t = undefined;
  });

  it('never writes the token of a link, for 4xx answers on such URLs', async () => {
    const log = collector();
    t = await createTestApp({ logLevel: 'trace', logStream: log.stream });
    const answers = await Promise.all([
      t.app.inject({ url: `/activate/${TOKEN}` }),
      t.app.inject({ url: `/reset-password/${TOKEN}?email=a%40b.nl` }),
      t.app.inject({ method: 'POST', url: `/activate/${TOKEN}` }),
      t.app.inject({ url: `/api/activate/${TOKEN}` }),
      t.app.inject({ url: `/api/reset-password/${TOKEN}` }),
      t.app.inject({ method: 'DELETE', url: `/api/activate/${TOKEN}` }),
      // A malformed percent-encoding after the token: Fastify's FST_ERR_BAD_URL quotes the URL.
      t.app.inject({ url: `/activate/${TOKEN}/%E0%A4%A` }),
      t.app.inject({ url: `/api/users/${TOKEN}%zz/activate/${TOKEN}` }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(log.lines.length).toBeGreaterThan(0);
    expect(log.lines.join('')).not.toContain(TOKEN);
    expect(log.lines.join('')).toContain('/activate/[token]');
  });

  it('never writes the token in the error line of a 500, where the error quotes the URL', async () => {
    const log = collector();
    t = await createTestApp({ logLevel: 'info', logStream: log.stream });
    const url = `/api/activate/${TOKEN}`;
    // A failure whose message and stack name the URL (as FST_ERR_REP_ALREADY_SENT does).
    vi.spyOn(t.app.sessions, 'load').mockRejectedValueOnce(new Error(`session lookup failed for ${url}`));
    const res = await t.app.inject({ url, headers: { cookie: 'kw_session=abc' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(TOKEN);
    const errors = log.lines.filter((l) => l.includes('request failed'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('session lookup failed for /api/activate/[token]');
    expect(log.lines.join('')).not.toContain(TOKEN);
  });
});

describe('redactTokens', () => {
  it('replaces the token after activate/ and reset-password/ wherever it stands, and nothing else', () => {
    expect(redactTokens(`https://app.nl/activate/${TOKEN}`)).toBe('https://app.nl/activate/[token]');
    expect(redactTokens(`/reset-password/${TOKEN}?x=1#y`)).toBe('/reset-password/[token]?x=1#y');
    expect(redactTokens(`{"msg":"GET /Activate/${TOKEN}\\n at x"}`)).toBe('{"msg":"GET /Activate/[token]\\n at x"}');
    expect(redactTokens(`/activate%2F${TOKEN}`)).toBe('/activate%2F[token]');
    expect(redactTokens('/api/activate')).toBe('/api/activate');
    expect(redactTokens('/api/users/12/archive')).toBe('/api/users/12/archive');
    expect(redactTokens('/activate/[token]')).toBe('/activate/[token]');
  });

  it('leaves a path alone that passes a folder of such a name, or has a short word where a token would be', () => {
    for (const file of [
      '/srv/m/outbox/1712345678901-000001-jan@example.com.eml',
      '/srv/labels/outbox/a.eml',
      '/home/jan/kw-activate/outbox/a.eml',
      '/data/reset-password/outbox/a.eml',
      '/tmp/shipping-labels/abcdefghijklmnopqrstuvwxyz/a.eml',
    ])
      expect(redactTokens(`{"file":"${file}"}`), file).toBe(`{"file":"${file}"}`);
    expect(redactTokens(`/m/${TOKEN.slice(0, 22)}`)).toBe('/m/[token]');
  });
});

describe("the outbox's log line (no SMTP_URL)", () => {
  let t: TestApp | undefined;
  const dirs: string[] = [];
  afterEach(async () => {
    await t?.close();
    t = undefined;
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("names the .eml file's real path, whatever DATA_DIR is called, and never the mail's token", async () => {
    const log = collector();
    t = await createTestApp({ logLevel: 'info', logStream: log.stream });
    const app = t.app;
    for (const name of ['m', 'labels', 'kw-activate', 'reset-password']) {
      const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kw-outbox-')), name);
      dirs.push(path.dirname(dataDir));
      const outboxDir = path.join(dataDir, 'outbox');
      // As src/index.ts makes it: the mailer logs through the app's logger (and its redaction).
      const mailer = createMailer({
        from: 'Keurwijzer <no-reply@keurwijzer.local>',
        outboxDir,
        log: { info: (obj, msg) => app.log.info(obj, msg) },
      });
      await mailer.send({
        to: 'jan@example.com',
        subject: 'Activeer je account',
        text: `Kies je wachtwoord: http://localhost:3000/activate/${TOKEN}`,
      });
      const [name_] = fs.readdirSync(outboxDir);
      const file = path.join(outboxDir, name_!);
      // The mail itself keeps its link (quoted-printable: soft line breaks left out).
      expect(fs.readFileSync(file, 'utf8').replace(/=\r?\n/g, '')).toContain(`/activate/${TOKEN}`);
      const line = log.lines.map((l) => JSON.parse(l) as Record<string, unknown>).at(-1)!;
      expect(line).toMatchObject({ msg: 'mail written to outbox', to: 'jan@example.com', file });
    }
    expect(log.lines.join('')).not.toContain(TOKEN);
  });
});
