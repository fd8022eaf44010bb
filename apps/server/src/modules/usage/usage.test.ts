import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { USAGE_TEXT } from '@keurwijzer/shared/usage';
import { machineImages } from '../../db/schema/machines';
import { usageCounters } from '../../db/schema/usage';
import { createMachine, createPlacementChain } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { jpeg, report } from '../malfunctions/malfunctions.test-helpers';

/*
 * Finding 16: uploads and exports per user per hour, and a storage quota per customer, kept in
 * the database (usage_counters; the stored sizes of machine images and malfunction photos).
 * The test app lowers the limits: 3 uploads, 3 exports an hour, 1 MB per customer.
 */
const QUOTA = 1_000_000;
const t = useTestApp({
  app: () => ({ env: { UPLOADS_PER_HOUR: '3', EXPORTS_PER_HOUR: '3', STORAGE_BYTES_PER_CUSTOMER: String(QUOTA) } }),
});

const file = async () => ({ name: 'foto.jpg', type: 'image/jpeg', data: await jpeg(200, 150) });

async function machineOf(name: string) {
  const chain = await createPlacementChain(t.db, name);
  const m = await createMachine(t.db, chain, { name: 'Kolomboor' });
  return { chain, machine: m, images: `/api/customers/${chain.customer.id}/machines/${m.id}/images` };
}

function expectRateRefusal(res: { statusCode: number; body: string; headers: Record<string, unknown> }, text: string) {
  expect(res.statusCode, res.body).toBe(429);
  expect(JSON.parse(res.body).message).toBe(text);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(3600);
}

describe('uploads per user per hour', () => {
  it('answers the 4th upload in the hour 429 with Retry-After, across the image features; others still upload', async () => {
    const { client } = await t.signIn('admin');
    const m = await machineOf('Uploadtempo');
    expect((await client.upload(m.images, 'image', await file())).statusCode).toBe(201);
    expect((await client.upload('/api/profile/image', 'image', await file())).statusCode).toBe(200);
    // A refused upload (not an image) counts too: its bytes were received and checked.
    const text = { name: 'foto.jpg', type: 'image/jpeg', data: Buffer.from('geen foto') };
    expect((await client.upload(m.images, 'image', text)).statusCode).toBe(422);
    expectRateRefusal(await client.upload(m.images, 'image', await file()), USAGE_TEXT.tooManyUploads);
    expectRateRefusal(await client.upload('/api/profile/image', 'image', await file()), USAGE_TEXT.tooManyUploads);
    expect(await t.db.$count(machineImages)).toBeGreaterThanOrEqual(1);
    // Another user has an hour of his own.
    expect((await t.admin.upload(m.images, 'image', await file())).statusCode).toBe(201);
  });

  it('cannot be passed by parallel uploads: of ten at once, three are taken', async () => {
    const { client } = await t.signIn('customer', { customerId: t.customerA.chain.customer.id });
    const machine = await createMachine(t.db, t.customerA.chain, { name: 'Parallel' });
    const photo = await jpeg(60, 40);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => report(t, client, machine.id, { description: 'Kapot' }, [{ data: photo }])),
    );
    const codes = answers.map((a) => a.statusCode);
    // Beyond the rate: 429; within it, a report is made unless the two upload slots were taken (429 too).
    expect(codes.filter((c) => c === 201).length).toBeLessThanOrEqual(3);
    expect(answers.filter((a) => a.statusCode === 429 && a.json().message === USAGE_TEXT.tooManyUploads)).toHaveLength(
      7,
    );
  });
});

describe('exports per user per hour', () => {
  it('answers the 4th export in the hour 429 with Retry-After, across the export routes; others still export', async () => {
    const { client } = await t.signIn('admin');
    const m = await machineOf('Exporttempo');
    const inventory = `/api/customers/${m.chain.customer.id}/machines/export`;
    expect((await client.get(`${inventory}?format=xlsx`)).statusCode).toBe(200);
    expect((await client.get(`${inventory}?format=pdf`)).statusCode).toBe(200);
    expect((await client.get('/api/completed-reports/export')).statusCode).toBe(200);
    expectRateRefusal(await client.get('/api/completed-reports/export'), USAGE_TEXT.tooManyExports);
    expectRateRefusal(await client.get(`${inventory}?format=xlsx`), USAGE_TEXT.tooManyExports);
    expect((await t.superAdmin.get(`${inventory}?format=xlsx`)).statusCode).toBe(200);
  });

  it('cannot be passed by parallel exports (PostgreSQL overlaps them): of ten at once, three pass', async () => {
    const { client } = await t.signIn('admin');
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.get('/api/completed-reports/export')));
    // Within the rate an export may still meet the per-user "one at a time" limit (429 too).
    expect(answers.filter((a) => a.statusCode === 200).length).toBeLessThanOrEqual(3);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.filter((a) => a.statusCode === 429 && a.json().message === USAGE_TEXT.tooManyExports)).toHaveLength(
      7,
    );
  });

  it('counts a customer user’s own inventory and report exports', async () => {
    const { client } = await t.signIn('customer', { customerId: t.customerB.chain.customer.id });
    for (let i = 0; i < 3; i++) expect((await client.get('/api/machines/export?format=xlsx')).statusCode).toBe(200);
    expectRateRefusal(await client.get('/api/machines/export?format=pdf'), USAGE_TEXT.tooManyExports);
  });
});

describe('what is counted', () => {
  it('counts only uploads and exports: other requests leave the counters alone, a HEAD of an export counts once', async () => {
    // The counting hook is on the upload and export routes only (added per route).
    const { client, user } = await t.signIn('admin');
    const counters = () => t.db.select().from(usageCounters).where(eq(usageCounters.userId, user.id));
    expect((await client.get('/api/tasklists')).statusCode).toBe(200);
    expect(await counters()).toEqual([]);
    expect((await client.request('HEAD', '/api/completed-reports/export')).statusCode).toBe(200);
    expect((await counters()).map((r) => [r.kind, r.count])).toEqual([['export', 1]]);
  });
});

describe('storage quota per customer', () => {
  it('refuses a full customer’s machine images and malfunction photos with 413, not another customer’s', async () => {
    const full = await machineOf('Volle klant');
    const other = await machineOf('Andere klant');
    // The customer's stored files already take the whole quota.
    await t.db.insert(machineImages).values({
      machineId: full.machine.id,
      fileKey: 'machines/0/vol.jpg',
      thumbKey: 'machines/0/vol-thumb.webp',
      contentType: 'image/jpeg',
      size: QUOTA,
      width: 1,
      height: 1,
    });
    const { client: admin } = await t.signIn('admin');
    const refused = await admin.upload(full.images, 'image', await file());
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json().message).toBe(USAGE_TEXT.storageFull);
    expect((await admin.upload(other.images, 'image', await file())).statusCode).toBe(201);

    const { client: customer } = await t.signIn('customer', { customerId: full.chain.customer.id });
    const photo = await report(t, customer, full.machine.id, { description: 'Kapot' }, [{ data: await jpeg() }]);
    expect(photo.statusCode, photo.body).toBe(413);
    expect(photo.json().message).toBe(USAGE_TEXT.storageFull);
    // Without a photo the report still goes in.
    expect((await report(t, customer, full.machine.id, { description: 'Kapot' })).statusCode).toBe(201);
  });
});
