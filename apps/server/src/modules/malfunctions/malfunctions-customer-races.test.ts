import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MALFUNCTION_TEXT } from '@keurwijzer/shared/malfunctions';
import { malfunctionEvents, malfunctions } from '../../db/schema/malfunctions';
import { useTestApp } from '../../test/use-test-app';
import { OWN, comment, reportedBy } from './malfunctions-customer.test-helpers';

/**
 * The customer's changes against the office's, at once. Meant for PostgreSQL (server-pg), where
 * the requests really overlap; on PGlite they run in turn and must answer the same. Both sides
 * decide on the malfunction's locked row: a withdrawal and "Opgelost" never both win.
 */
const t = useTestApp();
const M = '/api/malfunctions';

const statusEvents = async (id: number) =>
  (await t.db.select().from(malfunctionEvents).where(eq(malfunctionEvents.malfunctionId, id)))
    .filter((e) => e.kind === 'status')
    .map((e) => `${e.fromStatus}->${e.toStatus}`);

describe('at once', () => {
  it('a withdrawal racing the office\'s "Opgelost": exactly one wins, the other is refused', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await reportedBy(t, t.customerA);
      const [withdraw, resolve] = await Promise.all([
        t.customerA.client.post(`${OWN}/${id}/withdraw`, { body: { reason: `Ronde ${round}` } }),
        t.admin.put(`${M}/${id}`, { body: { status: 'resolved' } }),
      ]);
      const [row] = await t.db.select().from(malfunctions).where(eq(malfunctions.id, id));
      const events = await statusEvents(id);
      if (withdraw.statusCode === 200) {
        // The office's change came second: withdrawn is final, and the office is told why (409).
        expect(resolve.statusCode, resolve.body).toBe(409);
        expect(resolve.json().message).toBe(MALFUNCTION_TEXT.withdrawnByCustomer);
        expect(row!.status).toBe('withdrawn');
        expect(events).toEqual(['open->withdrawn']);
      } else {
        expect(withdraw.statusCode, withdraw.body).toBe(409);
        expect(resolve.statusCode, resolve.body).toBe(200);
        expect(row!.status).toBe('resolved');
        expect(events).toEqual(['open->resolved']);
      }
    }
  });

  it('ten withdrawals at once: one 200, nine 409, one status event', async () => {
    const id = await reportedBy(t, t.customerA);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.customerA.client.post(`${OWN}/${id}/withdraw`, { body: { reason: `Reden ${i}` } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(await statusEvents(id)).toEqual(['open->withdrawn']);
  });

  it('comments racing a withdrawal: each comment is stored before it or refused after it (409)', async () => {
    const id = await reportedBy(t, t.customerA);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => comment(t, t.customerA.client, id, { comment: `Reactie ${i}` })),
      t.customerA.client.post(`${OWN}/${id}/withdraw`, { body: { reason: 'Weg ermee' } }),
    ]);
    expect(
      answers.every((a) => [200, 201, 409].includes(a.statusCode)),
      answers.map((a) => a.body).join('\n'),
    ).toBe(true);
    const events = await t.db.select().from(malfunctionEvents).where(eq(malfunctionEvents.malfunctionId, id));
    const withdrawnAt = events.find((e) => e.toStatus === 'withdrawn')!.id;
    // No comment after the withdrawal.
    expect(events.filter((e) => e.kind === 'comment' && e.id > withdrawnAt)).toEqual([]);
    expect(events.filter((e) => e.kind === 'comment')).toHaveLength(answers.filter((a) => a.statusCode === 201).length);
  });
});
