import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema/sessions';
import { useTestApp } from './use-test-app';

/**
 * The session lookup every /api request runs (a prepared statement, built once): it must keep
 * refusing idle and expired sessions and keep touching the last-seen time, on both drivers.
 */
const t = useTestApp({ signIn: false });

async function signedIn() {
  const { user, client } = await t.signIn('admin');
  const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
  return { client, sessionId: row!.id };
}
const ago = (ms: number) => new Date(Date.now() - ms);

describe('session lookup', () => {
  it('keeps a live session and touches its last-seen time after a minute', async () => {
    const { client, sessionId } = await signedIn();
    await t.db
      .update(sessions)
      .set({ lastSeenAt: ago(t.config.sessionIdleMs - 60_000) })
      .where(eq(sessions.id, sessionId));
    expect((await client.get('/api/authorized')).statusCode).toBe(200);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(10_000);
  });

  it('refuses a session idle for longer than the idle timeout (401)', async () => {
    const { client, sessionId } = await signedIn();
    await t.db
      .update(sessions)
      .set({ lastSeenAt: ago(t.config.sessionIdleMs + 1000) })
      .where(eq(sessions.id, sessionId));
    expect((await client.get('/api/authorized')).statusCode).toBe(401);
  });

  it('refuses a session past its absolute expiry (401)', async () => {
    const { client, sessionId } = await signedIn();
    await t.db
      .update(sessions)
      .set({ expiresAt: ago(1000) })
      .where(eq(sessions.id, sessionId));
    expect((await client.get('/api/authorized')).statusCode).toBe(401);
  });
});
