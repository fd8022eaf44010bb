import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userTokens, users } from '../../db/schema/users';
import { TestClient } from '../../test/client';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp();

/** Invites a new mechanic through the API and returns the token from the e-mail. */
async function invite(email: string): Promise<{ id: number; token: string }> {
  const res = await t.admin.post('/api/users', {
    body: { first_name: 'Nieuw', last_name: 'Monteur', email, role: 'mechanic' },
  });
  expect(res.statusCode).toBe(201);
  await t.mails.drain();
  const mail = t.mailer.sent.findLast((m) => m.to === email)!;
  const token = /\/activate\/([\w-]+)/.exec(mail.text)![1]!;
  return { id: res.json().data.id, token };
}

describe('POST /api/activate', () => {
  it('sets the password once; the user can then log in and the link is spent', async () => {
    const email = `activeer-${Date.now()}@example.com`;
    const { id, token } = await invite(email);
    const visitor = new TestClient(t.app);
    await visitor.fetchToken();
    const body = { token, password: 'Sterk!Wachtwoord9', password_confirmation: 'Sterk!Wachtwoord9' };
    const res = await visitor.post('/api/activate', { body, as: 'form' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Je account is geactiveerd. Je kunt nu inloggen.');
    // Activation logs nobody in.
    expect((await visitor.get('/api/authorized')).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row!.activatedAt).not.toBeNull();
    expect((await new TestClient(t.app).login(email, 'Sterk!Wachtwoord9')).statusCode).toBe(200);
    const again = await visitor.post('/api/activate', { body });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual([
      'Deze activatielink is ongeldig of verlopen. Vraag de beheerder om een nieuwe uitnodiging.',
    ]);
  });

  it('refuses weak, mismatching and common passwords with Dutch messages', async () => {
    const { token } = await invite(`zwak-${Date.now()}@example.com`);
    const visitor = new TestClient(t.app);
    await visitor.fetchToken();
    const weak = await visitor.post('/api/activate', {
      body: { token, password: 'kort', password_confirmation: 'anders' },
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors).toEqual({
      password: ['Je wachtwoord is niet sterk genoeg'],
      password_confirmation: ['Wachtwoorden komen niet overeen'],
    });
    const common = await visitor.post('/api/activate', {
      body: { token, password: 'P@ssw0rd', password_confirmation: 'P@ssw0rd' },
    });
    expect(common.statusCode).toBe(422);
    expect(common.json().errors.password).toEqual([
      'Dit wachtwoord wordt te vaak gebruikt. Kies een ander wachtwoord.',
    ]);
  });

  it('refuses a password that meets the rule but is easy to guess, also from the invitee’s name or e-mail', async () => {
    const email = `bram.visser-${Date.now()}@example.com`;
    const res = await t.admin.post('/api/users', {
      body: { first_name: 'Bram', last_name: 'Visser', email, role: 'mechanic' },
    });
    await t.mails.drain();
    const token = /\/activate\/([\w-]+)/.exec(t.mailer.sent.findLast((m) => m.to === email)!.text)![1]!;
    const visitor = new TestClient(t.app);
    await visitor.fetchToken();
    const activate = (password: string) =>
      visitor.post('/api/activate', { body: { token, password, password_confirmation: password } });
    for (const weak of ['Password1!', 'Welkom123!', 'Bram.Visser1', 'VisserBram#1', 'Keurwijzer1!']) {
      const refused = await activate(weak);
      expect(refused.statusCode, weak).toBe(422);
      expect(refused.json(), weak).toEqual({
        message: 'De ingevoerde gegevens zijn ongeldig.',
        errors: { password: ['Je wachtwoord is niet sterk genoeg'] },
      });
    }
    // The link is still good after refusals, and a strong password sets it.
    expect((await activate('Fietsbel-Kano7!')).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, res.json().data.id));
    expect(row!.activatedAt).not.toBeNull();
  });

  it('refuses an expired link, a replaced link and an archived user', async () => {
    const visitor = new TestClient(t.app);
    await visitor.fetchToken();
    const body = (token: string) => ({
      token,
      password: 'Sterk!Wachtwoord9',
      password_confirmation: 'Sterk!Wachtwoord9',
    });

    const expired = await invite(`verlopen-${Date.now()}@example.com`);
    await t.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, expired.id));
    expect((await visitor.post('/api/activate', { body: body(expired.token) })).statusCode).toBe(422);

    const replaced = await invite(`opnieuw-${Date.now()}@example.com`);
    expect((await t.admin.post(`/api/resend-invitation/${replaced.id}`)).statusCode).toBe(200);
    expect((await visitor.post('/api/activate', { body: body(replaced.token) })).statusCode).toBe(422);

    const archived = await invite(`archief-${Date.now()}@example.com`);
    expect((await t.admin.post(`/api/users/${archived.id}/archive`)).statusCode).toBe(200);
    expect((await visitor.post('/api/activate', { body: body(archived.token) })).statusCode).toBe(422);
  });

  it('needs the CSRF token (419) and a body (422)', async () => {
    const visitor = new TestClient(t.app);
    await visitor.fetchToken();
    expect((await visitor.post('/api/activate', { body: { token: 'x' }, csrf: false })).statusCode).toBe(419);
    const empty = await visitor.post('/api/activate', { body: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.token).toEqual(['Verplicht']);
  });
});
