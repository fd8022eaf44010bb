import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { QueuedMail } from '@keurwijzer/shared/mails';
import { mails } from '../../db/schema/mails';
import { TestClient } from '../../test/client';
import { errorsOf, userBody } from '../../test/helpers';
import { startSmtpServer } from '../../test/smtp-server';
import { useTestApp } from '../../test/use-test-app';

/**
 * The admins' view of the mail queue: GET /api/mails and POST /api/mails/{id}/retry, with the
 * app's mail going to a real SMTP server of this test that refuses the addresses in `refused`.
 */
const refused = new Set<string>();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer({ refuse: (address) => refused.has(address) });
});
afterAll(() => smtp.close());

const t = useTestApp({ app: () => ({ smtpUrl: smtp.url }) });

const rowOf = async (id: number) => (await t.db.select().from(mails).where(eq(mails.id, id)))[0]!;
const receivedBy = (address: string) => smtp.received.filter((m) => m.to.includes(address));

/** Invites a user at `email` (the invitation mail goes through the queue) and returns the mail's row id. */
async function invite(email: string): Promise<number> {
  const res = await t.admin.post('/api/users', { body: userBody({ email }) });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.db.select().from(mails).where(eq(mails.toAddress, email));
  expect(row, 'a mails row for the invitation').toBeDefined();
  return row!.id;
}

/** Waits until the mail's row has `status` (the queue retries at once in tests: TEST_MAIL_QUEUE). */
const waitForStatus = (id: number, status: string) =>
  vi.waitFor(async () => expect((await rowOf(id)).status).toBe(status), { timeout: 10_000, interval: 50 });

describe('a mail that keeps failing', () => {
  it('is tried 1 + retryLimit times, then failed and listed for the admins, who send it again', async () => {
    const email = 'weiger.altijd@example.com';
    refused.add(email);
    const id = await invite(email);
    await waitForStatus(id, 'failed');
    const failed = await rowOf(id);
    // The tests' queue: 2 retries after the first attempt (build-test-app TEST_MAIL_QUEUE).
    expect(failed.attempts).toBe(3);
    expect(failed.lastError).toContain('Mailbox unavailable');
    expect(failed.sentAt).toBeNull();
    expect(smtp.attempts.get(email)).toBe(3);
    expect(receivedBy(email)).toEqual([]);

    const list = await t.admin.get('/api/mails?status=failed');
    expect(list.statusCode, list.body).toBe(200);
    const listed = (list.json().data as QueuedMail[]).find((m) => m.id === id);
    expect(listed).toMatchObject({
      id,
      kind: 'invitation',
      to: email,
      subject: 'Uitnodiging voor Keurwijzer',
      status: 'failed',
      attempts: 3,
      sent_at: null,
    });
    expect(listed!.last_error).toContain('Mailbox unavailable');
    expect(list.json().meta).toMatchObject({ page: 1, itemsPerPage: 10, lastPage: 1 });
    expect((await t.admin.get('/api/mails/failed-count')).json().data.count).toBeGreaterThanOrEqual(1);

    // The address works again; "Opnieuw versturen" queues a new round and the mail goes out once.
    refused.delete(email);
    const retry = await t.admin.post(`/api/mails/${id}/retry`);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().message).toBe('De e-mail wordt opnieuw verstuurd');
    expect(retry.json().data).toMatchObject({ id, status: 'queued' });
    await waitForStatus(id, 'sent');
    const sent = await rowOf(id);
    expect(sent.attempts).toBe(4);
    expect(sent.sentAt).not.toBeNull();
    expect(receivedBy(email)).toHaveLength(1);
    expect(receivedBy(email)[0]!.subject).toBe('Uitnodiging voor Keurwijzer');
    // No longer in the failed list; a second retry is refused.
    const after = await t.admin.get('/api/mails?status=failed');
    expect((after.json().data as QueuedMail[]).some((m) => m.id === id)).toBe(false);
    const again = await t.admin.post(`/api/mails/${id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Deze e-mail is niet mislukt en kan niet opnieuw worden verstuurd.');
  });

  it('never fails the request that asked for it: the invitation is answered 201 while SMTP refuses', async () => {
    const email = 'weiger.ook@example.com';
    refused.add(email);
    const res = await t.admin.post('/api/users', { body: userBody({ email }) });
    expect(res.statusCode).toBe(201);
  });
});

describe('GET /api/mails', () => {
  it('lists every mail newest first, with a status filter, search and paging', async () => {
    const a = await invite('lijst.een@example.com');
    const b = await invite('lijst.twee@example.com');
    await t.mails.drain();
    const res = await t.superAdmin.get('/api/mails?search=lijst.&itemsPerPage=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toEqual({ total: 2, page: 1, itemsPerPage: 1, lastPage: 2 });
    expect(res.json().data.map((m: QueuedMail) => m.id)).toEqual([b]);
    const sent = await t.admin.get('/api/mails?status=sent&search=lijst.&sortKey=to&sortOrder=asc');
    expect(sent.json().data.map((m: QueuedMail) => [m.id, m.status])).toEqual([
      [a, 'sent'],
      [b, 'sent'],
    ]);
    // The mail's text is not part of the list (links with tokens stay out of it).
    expect(JSON.stringify(sent.json())).not.toContain('/activate/');
  });

  it('answers 422 for a bad status, sort key or page', async () => {
    const res = await t.admin.get('/api/mails?status=kwijt&sortKey=text&page=0');
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toMatchObject({ status: ['Ongeldige keuze'], sortKey: ['Ongeldige keuze'] });
    expect(errorsOf(res).page).toBeDefined();
  });

  it('answers 401 without a session and 403 for a mechanic or a customer user', async () => {
    expect((await new TestClient(t.app).get('/api/mails')).statusCode).toBe(401);
    expect((await t.mechanic.get('/api/mails')).statusCode).toBe(403);
    expect((await t.customerA.client.get('/api/mails?status=failed')).statusCode).toBe(403);
    expect((await t.mechanic.get('/api/mails/failed-count')).statusCode).toBe(403);
  });
});

describe('POST /api/mails/{id}/retry', () => {
  it('answers 409 for a mail that did not fail, 404 for an unknown or junk id', async () => {
    const id = await invite('geen.fout@example.com');
    await t.mails.drain();
    expect((await rowOf(id)).status).toBe('sent');
    const res = await t.admin.post(`/api/mails/${id}/retry`);
    expect(res.statusCode).toBe(409);
    expect((await t.admin.post('/api/mails/999999/retry')).statusCode).toBe(404);
    expect((await t.admin.post('/api/mails/abc/retry')).statusCode).toBe(404);
    expect(receivedBy('geen.fout@example.com')).toHaveLength(1);
  });

  it('answers 401 without a session, 403 for a mechanic or a customer user, 419 without the CSRF token', async () => {
    const email = 'weiger.rechten@example.com';
    refused.add(email);
    const id = await invite(email);
    await waitForStatus(id, 'failed');
    const visitor = new TestClient(t.app);
    await visitor.fetchToken();
    expect((await visitor.post(`/api/mails/${id}/retry`)).statusCode).toBe(401);
    expect((await t.mechanic.post(`/api/mails/${id}/retry`)).statusCode).toBe(403);
    expect((await t.customerA.client.post(`/api/mails/${id}/retry`)).statusCode).toBe(403);
    expect((await t.admin.post(`/api/mails/${id}/retry`, { csrf: false })).statusCode).toBe(419);
    // Nothing of that queued it again.
    expect((await rowOf(id)).status).toBe('failed');
  });
});
