import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import { createPostgresDatabase } from '../test/build-test-app';
import { ACCOUNT_MAIL_KINDS, createMailQueue, type MailQueue } from './mail-queue';
import type { Mail } from './mailer';
import { invitationMail, newMalfunctionMail, type MalfunctionMailFacts } from './mail-templates';

/**
 * Account mails go before notices. A burst of office notices queued first
 * must not hold up an invitation: the worker fetches by priority, then age.
 */
const config = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000' });
const BATCH = 10;

let db: Database;
let drop: (() => Promise<void>) | undefined;
let queue: MailQueue;
/** The mails in the order the transport got them. */
const sent: Mail[] = [];
/** Holds every send until opened: the worker is busy with its first batch while the burst is queued. */
let open!: () => void;
const gate = new Promise<void>((resolve) => (open = resolve));

beforeAll(async () => {
  if (process.env.TEST_DB_DRIVER === 'pg') {
    const created = await createPostgresDatabase();
    drop = created.drop;
    db = await openPostgres(created.url, 5, { onIdleError: () => {} });
  } else {
    db = await openPglite(null);
  }
  queue = createMailQueue({
    sql: db.sql,
    transport: {
      async send(mail) {
        sent.push(mail);
        await gate;
      },
    },
    company: config.company,
    log: { warn() {}, error() {} },
    options: {
      retryLimit: 0,
      retryDelaySeconds: 0,
      retryBackoff: false,
      pollingIntervalSeconds: 0.5,
      batchSize: BATCH,
    },
  });
  await queue.start();
});

afterAll(async () => {
  await queue.stop();
  await db.close();
  await drop?.();
});

const facts = (i: number): MalfunctionMailFacts => ({
  id: i,
  customerName: 'Klant',
  machineName: `Machine ${i}`,
  inventoryNumber: `INV-${i}`,
  place: 'Eindhoven',
  description: 'Lekt olie',
  remark: null,
  reporterName: null,
  reporterEmail: null,
  reporterActive: false,
  customerNote: null,
  urgent: false,
  contactPhone: null,
  respondBy: null,
});

describe('mail priority', () => {
  it('the account mail kinds are the ones a person waits for', () => {
    expect([...ACCOUNT_MAIL_KINDS].sort()).toEqual(
      [
        'account_ready',
        'activation',
        'address_taken',
        'invitation',
        'not_activated',
        'password_reset',
        'two_factor_reset',
      ].sort(),
    );
  });

  it('100 malfunction notices, then 1 invitation: the invitation goes out in the first batch fetched after it', async () => {
    for (let i = 0; i < 100; i++) {
      await queue.send({
        kind: 'malfunction_reported',
        to: `kantoor${i}@example.com`,
        ...newMalfunctionMail(facts(i), config.appUrl),
      });
    }
    await queue.send({
      kind: 'invitation',
      to: 'nieuw@example.com',
      ...invitationMail({ firstName: 'Nina' }, `${config.appUrl}/activate/x`),
    });
    // The worker holds the batch it fetched while the burst was queued; the rest waits.
    await expect.poll(() => sent.length).toBeGreaterThan(0);
    const busy = sent.length;
    expect(busy).toBeLessThanOrEqual(BATCH);
    open();
    await queue.drain(60_000);
    expect(sent).toHaveLength(101);
    // The next batch the worker fetches has the invitation (without priorities it would be the
    // 101st: after every notice queued before it).
    const position = sent.findIndex((m) => m.to === 'nieuw@example.com');
    expect(position).toBeGreaterThanOrEqual(busy);
    expect(position).toBeLessThan(busy + BATCH);
  });
});
