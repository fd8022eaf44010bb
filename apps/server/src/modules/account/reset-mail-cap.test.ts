import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { loginThrottle } from '../../db/schema/login-throttle';
import { userTokens } from '../../db/schema/users';
import { TestClient } from '../../test/client';
import { createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { THROTTLE } from '../auth/login-throttle';

/** Reset mails to one address are capped whoever asks (finding 14). */
const t = useTestApp({ signIn: false });

const NEW = 'Fietsbel-Kano7!';
let net = 0;
/** `n` visitors, each from an address of its own, with their CSRF tokens. */
async function visitors(n: number): Promise<TestClient[]> {
  net++;
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const client = new TestClient(t.app, `10.14.${net}.${i + 1}`);
      await client.fetchToken();
      return client;
    }),
  );
}

/** The answers as a browser sees them. */
const answerOf = (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => ({
  status: res.statusCode,
  body: res.body,
  type: res.headers['content-type'],
});

const mailsTo = (email: string) => t.mailer.sent.filter((m) => m.to === email);

/** The minute (or the hour) of mails to this address is over. */
const windowOver = (email: string, kind: 'recover_mail_minute' | 'recover_mail_hour') =>
  t.db
    .update(loginThrottle)
    .set({ resetAt: new Date(Date.now() - 1000) })
    .where(and(eq(loginThrottle.kind, kind), eq(loginThrottle.email, email)));

describe('reset mails to one address', () => {
  it('25 requests from 5 addresses: one mail, the same answer to each, the link sent stays good', async () => {
    const user = await createUser(t.db, 'mechanic');
    const unknown = `niemand-${Date.now()}@example.com`;
    const clients = await visitors(5);
    const answers = [];
    for (let round = 0; round < 5; round++) {
      for (const client of clients) {
        answers.push(answerOf(await client.post('/api/password-recover', { body: { email: user.email } })));
      }
    }
    // An unknown address, from one of them, answers the same.
    answers.push(answerOf(await clients[0]!.post('/api/password-recover', { body: { email: unknown } })));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(200);
    await t.mails.drain();
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    // The one link still works: no later request replaced it.
    const token = /\/reset-password\/([\w-]+)/.exec(mails[0]!.text)![1]!;
    const reset = await clients[1]!.post('/api/password-reset', {
      body: { token, password: NEW, password_confirmation: NEW },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('ten at once from ten addresses: one mail, one token', async () => {
    const user = await createUser(t.db, 'mechanic');
    const clients = await visitors(10);
    const answers = await Promise.all(
      clients.map((c) => c.post('/api/password-recover', { body: { email: user.email } })),
    );
    expect(new Set(answers.map((a) => JSON.stringify(answerOf(a)))).size).toBe(1);
    await t.mails.drain();
    expect(mailsTo(user.email)).toHaveLength(1);
    expect(await t.db.$count(userTokens, eq(userTokens.userId, user.id))).toBe(1);
  });

  it(`one a minute, at most ${THROTTLE.recover_mail_hour.max} an hour`, async () => {
    const user = await createUser(t.db, 'mechanic');
    const clients = await visitors(THROTTLE.recover_mail_hour.max + 2);
    for (const [i, client] of clients.entries()) {
      await windowOver(user.email, 'recover_mail_minute');
      expect((await client.post('/api/password-recover', { body: { email: user.email } })).statusCode).toBe(200);
      await t.mails.drain();
      expect(mailsTo(user.email)).toHaveLength(Math.min(i + 1, THROTTLE.recover_mail_hour.max));
    }
    // The hour is over: mail again.
    await windowOver(user.email, 'recover_mail_minute');
    await windowOver(user.email, 'recover_mail_hour');
    expect((await clients[0]!.post('/api/password-recover', { body: { email: user.email } })).statusCode).toBe(200);
    await t.mails.drain();
    expect(mailsTo(user.email)).toHaveLength(THROTTLE.recover_mail_hour.max + 1);
  });
});
