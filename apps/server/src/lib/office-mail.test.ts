import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { freshDatabase } from '../test/build-test-app';
import { createUser } from '../test/factories';
import { createMailQueue, type MailQueue } from './mail-queue';
import { waitingAccountMail } from './mail-templates';
import { createOfficeMail } from './office-mail';

/** The office's mail: one copy per office address, queued in one transaction (sendAll). */
const config = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000' });
let database: Database;
let queue: MailQueue;
beforeAll(async () => {
  database = await freshDatabase();
  queue = createMailQueue({
    sql: database.sql,
    // Nothing is sent: these tests look at what is queued.
    transport: { async send() {} },
    company: config.company,
    log: { warn() {}, error() {} },
  });
  await queue.start();
});
afterAll(async () => {
  await queue.stop();
  await database.close();
});

const queuedTo = async (kind: string) =>
  (await database.sql.query('select to_address from mails where kind = $1 order by id', [kind])).rows.map(
    (r) => r.to_address as string,
  );

describe('mail to the office', () => {
  it('queues one copy for every active admin and super admin, and none for anyone else', async () => {
    const admin = await createUser(database.db, 'admin');
    const superAdmin = await createUser(database.db, 'super_admin');
    await createUser(database.db, 'admin', { archivedAt: new Date() });
    await createUser(database.db, 'mechanic');
    const person = { firstName: 'Ans', preposition: null, lastName: 'Bos', email: 'ans@example.com' };
    await createOfficeMail(database.db, queue).send({
      kind: 'registration_waiting',
      ...waitingAccountMail(person, config.appUrl),
    });
    expect(await queuedTo('registration_waiting')).toEqual([admin.email, superAdmin.email]);
  });

  it('queues all copies or none (one transaction)', async () => {
    const message = { subject: 'Onderwerp', body: ['Tekst'] };
    await expect(
      queue.sendAll([
        { kind: 'all_or_none', to: 'een@example.com', ...message },
        // No address: the second insert fails, and the first one goes with it.
        { kind: 'all_or_none', to: null as unknown as string, ...message },
      ]),
    ).rejects.toThrow();
    expect(await queuedTo('all_or_none')).toEqual([]);
    expect(await queue.sendAll([])).toEqual([]);
  });
});
