import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  MALFUNCTION_TEXT,
  MALFUNCTIONS_PER_HOUR,
  OwnMalfunctionSchema,
  type OwnMalfunction,
} from '@keurwijzer/shared/malfunctions';
import { TEXT } from '@keurwijzer/shared/texts';
import { malfunctionEvents, malfunctionPhotos, malfunctions } from '../../db/schema/malfunctions';
import { IMAGE_TYPE_MESSAGE } from '../../lib/image-intake';
import { createMachine, createMalfunction } from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { jpeg, report } from './malfunctions.test-helpers';

/**
 * A customer user reports a malfunction on its own machine in use: multipart with description,
 * remark and up to 3 photos, checked by their content; another customer's machine, an archived
 * or concept machine answer 404 as a missing one; throttled per user in the database.
 */
const t = useTestApp();

const machineOfA = (values = {}) => createMachine(t.db, t.customerA.chain, { name: 'Kolomboor', ...values });
const countOf = () => t.db.$count(malfunctions);

describe('POST /api/machines/:id/malfunctions', () => {
  it('reports with two photos: 201, Storing gemeld, the customer view, the photos and a reported event', async () => {
    const machine = await machineOfA();
    const res = await report(t, t.customerA.client, machine.id, { description: 'Lekt olie', remark: 'Bij de pomp' }, [
      { data: await jpeg(2400, 1600) },
      { data: await jpeg(), name: 'tweede.jpg' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(MALFUNCTION_TEXT.reported);
    const data = OwnMalfunctionSchema.strict().parse(res.json().data);
    expect(data).toMatchObject({
      machine_id: machine.id,
      machine_name: 'Kolomboor',
      description: 'Lekt olie',
      remark: 'Bij de pomp',
      status: 'open',
      customer_note: null,
      resolved_at: null,
    });
    expect(data.photos).toHaveLength(2);
    expect(data.photos[0]).toMatchObject({ width: 2000, height: 1333 });

    const events = await t.db.select().from(malfunctionEvents).where(eq(malfunctionEvents.malfunctionId, data.id));
    expect(events).toMatchObject([{ kind: 'reported', toStatus: 'open', byUser: t.customerA.user.id }]);

    // The photo and its thumbnail, for its own customer; another customer's user gets 404.
    const file = await t.customerA.client.get(data.photos[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const thumb = await t.customerA.client.get(data.photos[0]!.thumb_url);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await t.customerB.client.get(data.photos[0]!.url)).statusCode).toBe(404);
    expect((await t.customerB.client.get(data.photos[0]!.thumb_url)).statusCode).toBe(404);
    // ... and a photo id of another malfunction under this one: 404.
    const other = await createMalfunction(t.db, machine);
    expect(
      (await t.customerA.client.get(`/api/own-malfunctions/${other.id}/photos/${data.photos[0]!.id}/file`)).statusCode,
    ).toBe(404);
  });

  it('reports without photos, and remark empty is null', async () => {
    const machine = await machineOfA();
    const res = await report(t, t.customerA.client, machine.id, { description: '  Maakt lawaai  ', remark: '' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ description: 'Maakt lawaai', remark: null, photos: [] });
  });

  it('answers 422 with the errors per field and stores nothing', async () => {
    const machine = await machineOfA();
    const before = await countOf();
    const photosBefore = await t.db.$count(malfunctionPhotos);
    const cases: [Record<string, string>, Parameters<typeof report>[4], string, string][] = [
      [{}, [], 'description', 'Verplicht'],
      [{ description: '   ' }, [], 'description', 'Verplicht'],
      [{ description: 'x'.repeat(2001) }, [], 'description', 'Maximaal 2000 tekens'],
      [{ description: 'Kapot', remark: 'x'.repeat(256) }, [], 'remark', 'Maximaal 255 tekens'],
      [{ description: 'Kap\u0000ot' }, [], 'description', 'Bevat ongeldige tekens'],
      [{ description: 'Kapot', remark: 'a\u0000' }, [], 'remark', 'Bevat ongeldige tekens'],
      [
        { description: 'Kapot' },
        [
          { data: await jpeg(40, 30) },
          { data: Buffer.from('dit is geen foto, alleen tekst'), name: 'foto.jpg', type: 'image/jpeg' },
        ],
        // The refusal names the photo it concerns (the second), so the form shows it under that one.
        'photos.1',
        IMAGE_TYPE_MESSAGE,
      ],
    ];
    for (const [fields, photos, field, message] of cases) {
      const res = await report(t, t.customerA.client, machine.id, fields, photos);
      expect(res.statusCode, `${JSON.stringify(fields).slice(0, 60)}: ${res.body}`).toBe(422);
      expect(res.json().message).toBe(TEXT.validation);
      expect(errorsOf(res)[field]).toEqual([message]);
    }
    const photo = { data: await jpeg(40, 30) };
    const four = await report(t, t.customerA.client, machine.id, { description: 'Kapot' }, [
      photo,
      photo,
      photo,
      photo,
    ]);
    expect(four.statusCode, four.body).toBe(422);
    expect(errorsOf(four).photos).toEqual([MALFUNCTION_TEXT.tooManyPhotos]);
    expect(await countOf()).toBe(before);
    expect(await t.db.$count(malfunctionPhotos)).toBe(photosBefore);
  });

  it('answers 404 for another customer’s machine, an archived or concept machine, as for a missing one', async () => {
    const ofB = await createMachine(t.db, t.customerB.chain);
    const archived = await machineOfA({ archivedAt: new Date() });
    const concept = await machineOfA({ status: 'concept' });
    const missing = await report(t, t.customerA.client, 999999, { description: 'Kapot' });
    expect(missing.statusCode).toBe(404);
    for (const id of [ofB.id, archived.id, concept.id]) {
      const res = await report(t, t.customerA.client, id, { description: 'Kapot' });
      expect(res.statusCode, `machine ${id}`).toBe(404);
      expect(res.body).toBe(missing.body);
    }
    expect(await t.db.$count(malfunctions, eq(malfunctions.machineId, ofB.id))).toBe(0);
  });

  it('answers 401 without a session, 403 for staff, 419 without the CSRF token', async () => {
    const machine = await machineOfA();
    expect((await report(t, t.visitor, machine.id, { description: 'Kapot' })).statusCode).toBe(401);
    for (const staff of [t.admin, t.superAdmin, t.mechanic]) {
      expect((await report(t, staff, machine.id, { description: 'Kapot' })).statusCode).toBe(403);
    }
    const res = await report(t, t.customerA.client, machine.id, { description: 'Kapot' }, [], { csrf: false });
    expect(res.statusCode).toBe(419);
  });

  it(`answers 429 after ${MALFUNCTIONS_PER_HOUR} reports of the user within the hour (older ones do not count)`, async () => {
    const machine = await machineOfA();
    const { user, client } = await t.signIn('customer', { customerId: t.customerA.chain.customer.id });
    const hourAgo = new Date(Date.now() - 61 * 60 * 1000);
    await createMalfunction(t.db, machine, { reportedBy: user.id, createdAt: hourAgo });
    for (let i = 0; i < MALFUNCTIONS_PER_HOUR - 1; i++) {
      await createMalfunction(t.db, machine, { reportedBy: user.id });
    }
    expect((await report(t, client, machine.id, { description: 'Twintigste' })).statusCode).toBe(201);
    const res = await report(t, client, machine.id, { description: 'Eenentwintigste' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(MALFUNCTION_TEXT.throttled);
    // Another user of the same customer is not throttled by it.
    expect((await report(t, t.customerA.client, machine.id, { description: 'Collega' })).statusCode).toBe(201);
  });

  it(`holds the throttle under concurrency: ${MALFUNCTIONS_PER_HOUR + 1} reports at once create at most ${MALFUNCTIONS_PER_HOUR}`, async () => {
    const machine = await machineOfA();
    const { user, client } = await t.signIn('customer', { customerId: t.customerA.chain.customer.id });
    const answers = await Promise.all(
      Array.from({ length: MALFUNCTIONS_PER_HOUR + 1 }, (_, i) =>
        report(t, client, machine.id, { description: `Tegelijk ${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(MALFUNCTIONS_PER_HOUR).fill(201), 429]);
    expect(answers.find((a) => a.statusCode === 429)!.json().message).toBe(MALFUNCTION_TEXT.throttled);
    expect(await t.db.$count(malfunctions, eq(malfunctions.reportedBy, user.id))).toBe(MALFUNCTIONS_PER_HOUR);
  });
});

describe('GET /api/own-malfunctions', () => {
  it('lists the malfunctions of the user’s customer (colleagues’ too), never another customer’s', async () => {
    const machine = await machineOfA({ name: 'Eigen lijst' });
    const colleague = await t.signIn('customer', { customerId: t.customerA.chain.customer.id });
    const mine = await report(t, t.customerA.client, machine.id, { description: 'Van mij' });
    const theirs = await report(t, colleague.client, machine.id, { description: 'Van collega' });
    const ofB = await createMalfunction(t.db, {
      ...(await createMachine(t.db, t.customerB.chain)),
      customerId: t.customerB.chain.customer.id,
    });

    const res = await t.customerA.client.get('/api/own-malfunctions', { query: { machine_id: String(machine.id) } });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data.map((m: unknown) => OwnMalfunctionSchema.strict().parse(m)) as OwnMalfunction[];
    expect(data.map((m) => m.id)).toEqual([theirs.json().data.id, mine.json().data.id]);
    expect(res.json().meta).toMatchObject({ total: 2, page: 1 });

    const all = (await t.customerA.client.get('/api/own-malfunctions', { query: { itemsPerPage: '100' } })).json();
    expect(all.data.map((m: OwnMalfunction) => m.id)).not.toContain(ofB.id);
    // B's machine as a query parameter: nothing of B's.
    const byB = await t.customerA.client.get('/api/own-malfunctions', { query: { machine_id: String(ofB.machineId) } });
    expect(byB.json()).toMatchObject({ data: [], meta: { total: 0 } });
    // Customer B sees none of A's.
    const listB = (await t.customerB.client.get('/api/own-malfunctions')).json().data as OwnMalfunction[];
    expect(listB.map((m) => m.id)).toEqual([ofB.id]);

    const resolved = await t.customerA.client.get('/api/own-malfunctions', {
      query: { machine_id: String(machine.id), status: 'resolved' },
    });
    expect(resolved.json().data).toEqual([]);
  });

  it('answers 422 for a bad query, 401 without a session, 403 for staff', async () => {
    const bad = await t.customerA.client.get('/api/own-malfunctions', {
      query: { status: 'kapot', search: 'a\u0000' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(['search', 'status']);
    expect((await t.visitor.get('/api/own-malfunctions')).statusCode).toBe(401);
    expect((await t.admin.get('/api/own-malfunctions')).statusCode).toBe(403);
    expect((await t.mechanic.get('/api/own-malfunctions')).statusCode).toBe(403);
  });

  it('serves a photo only to its customer: 404 for a missing photo, 401 and 403 otherwise', async () => {
    const machine = await machineOfA();
    const res = await report(t, t.customerA.client, machine.id, { description: 'Met foto' }, [{ data: await jpeg() }]);
    const url = (res.json().data as OwnMalfunction).photos[0]!.url;
    expect((await t.customerA.client.get(url)).statusCode).toBe(200);
    expect((await t.customerA.client.get(url.replace(/photos\/\d+/, 'photos/999999'))).statusCode).toBe(404);
    expect((await t.visitor.get(url)).statusCode).toBe(401);
    expect((await t.admin.get(url)).statusCode).toBe(403);
    const stored = await t.db
      .select()
      .from(malfunctionPhotos)
      .where(and(eq(malfunctionPhotos.malfunctionId, res.json().data.id)));
    expect(stored).toHaveLength(1);
  });
});
