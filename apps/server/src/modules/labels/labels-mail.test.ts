import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import { createMachine } from '../../test/factories';
import { eventually } from '../../test/eventually';
import { startSmtpServer } from '../../test/smtp-server';
import { useTestApp } from '../../test/use-test-app';
import { REPORT, giveCode, reportByLabel, visitorFrom } from './labels.test-helpers';

/**
 * An anonymous report through a machine's label reaches the office as every new malfunction
 * does: a mail to every active admin and super admin, over real SMTP (a server of this test),
 * naming the anonymous reporter and the way it came in; no mail to anyone else.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

const t = useTestApp({ app: () => ({ smtpUrl: smtp.url }) });

describe('anonymous malfunction mail over SMTP', () => {
  it('mails the office with the machine, the place and the anonymous reporter', async () => {
    const admins = (await t.db.select().from(users)).filter(
      (u) => (u.role === 'admin' || u.role === 'super_admin') && !u.archivedAt && u.activatedAt,
    );
    expect(admins.length).toBeGreaterThanOrEqual(2);
    const machine = await createMachine(t.db, t.customerA.chain, { name: 'Afkortzaag', inventoryNumber: 'AZ-3' });
    const code = await giveCode(t, machine.id);
    const ip = '10.77.0.1';
    const res = await reportByLabel(t, await visitorFrom(t, ip), ip, code, REPORT);
    expect(res.statusCode, res.body).toBe(201);

    const mails = await eventually(() => {
      const found = smtp.received.filter((m) => m.subject.includes('Afkortzaag'));
      expect(
        found
          .map((m) => m.to)
          .flat()
          .sort(),
      ).toEqual(admins.map((a) => a.email).sort());
      return found;
    });
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Nieuwe storing: Afkortzaag (${t.customerA.chain.customer.name})`);
    expect(mail.text).toContain('AZ-3');
    expect(mail.text).toContain(`Anoniem via QR-label: ${REPORT.name}, ${REPORT.contact}`);
    expect(mail.text).toContain(REPORT.description);
    // Nobody else: not the customer's users, not the reporter (no account, no address kept for mail).
    const customerUser = await t.db.select().from(users).where(eq(users.id, t.customerA.user.id));
    expect(smtp.received.some((m) => m.to.includes(customerUser[0]!.email))).toBe(false);
  });
});
