import { describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import {
  MALFUNCTION_COMMENTS_PER_HOUR,
  MALFUNCTION_TEXT,
  MAX_COMMENT_PHOTOS,
  MalfunctionDetailSchema,
  OpenCountSchema,
  type OwnMalfunctionEvent,
} from '@keurwijzer/shared/malfunctions';
import { malfunctionEvents, malfunctionPhotos, malfunctions } from '../../db/schema/malfunctions';
import { IMAGE_TYPE_MESSAGE } from '../../lib/image-intake';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { OWN, comment, ownDetail, reportedBy } from './malfunctions-customer.test-helpers';
import { jpeg, report } from './malfunctions.test-helpers';
import { createMachine } from '../../test/factories';

/**
 * The customer's side of a malfunction: the detail with the customer's timeline, a
 * comment with at most one photo, and withdrawing it. Customer users of the malfunction's
 * customer only: another customer's is 404 (photos too), the office 403 (its own screens).
 */
const t = useTestApp();
const M = '/api/malfunctions';

const kinds = (events: OwnMalfunctionEvent[]) => events.map((e) => e.kind);
const officeDetail = async (id: number) =>
  MalfunctionDetailSchema.strict().parse((await t.admin.get(`${M}/${id}`)).json().data);

describe('GET /api/own-malfunctions/:id', () => {
  it("shows the customer's malfunction with its timeline, never the internal note or an assignment", async () => {
    const machine = await createMachine(t.db, t.customerA.chain, { name: 'Boorstraat' });
    const res = await report(t, t.customerA.client, machine.id, { description: 'Boor breekt', urgency: 'urgent' }, [
      { data: await jpeg() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;

    const first = await ownDetail(t.customerA.client, id);
    expect(first).toMatchObject({ id, machine_name: 'Boorstraat', status: 'open', urgent: true, report: null });
    expect(first.photos).toHaveLength(1);
    expect(kinds(first.events)).toEqual(['reported']);

    const admin = await t.admin.put(`${M}/${id}`, { body: { internal_note: 'Geheim', status: 'in_progress' } });
    expect(admin.statusCode, admin.body).toBe(200);
    expect((await t.admin.put(`${M}/${id}`, { body: { customer_note: 'We komen dinsdag' } })).statusCode).toBe(200);
    const after = await ownDetail(t.customerA.client, id);
    expect(kinds(after.events)).toEqual(['reported', 'status', 'note']);
    expect(after.events[1]).toMatchObject({ from_status: 'open', to_status: 'in_progress' });
    expect(after.events[2]).toMatchObject({ customer_note: 'We komen dinsdag' });
    expect(JSON.stringify(after)).not.toContain('Geheim');
    expect(after.customer_note).toBe('We komen dinsdag');
  });

  it('answers 404 for another customer and a missing one, 403 for the office, 401 without a session', async () => {
    const id = await reportedBy(t, t.customerA);
    expect((await t.customerB.client.get(`${OWN}/${id}`)).statusCode).toBe(404);
    expect((await t.customerA.client.get(`${OWN}/999999`)).statusCode).toBe(404);
    expect((await t.customerA.client.get(`${OWN}/abc`)).statusCode).toBe(404);
    expect((await t.admin.get(`${OWN}/${id}`)).statusCode).toBe(403);
    expect((await t.mechanic.get(`${OWN}/${id}`)).statusCode).toBe(403);
    expect((await t.visitor.get(`${OWN}/${id}`)).statusCode).toBe(401);
    // A colleague of the same customer sees it.
    const colleague = await t.signIn('customer', { customerId: t.customerA.chain.customer.id });
    expect((await ownDetail(colleague.client, id)).id).toBe(id);
  });
});

describe('POST /api/own-malfunctions/:id/comments', () => {
  it('adds a comment, a photo, or both, on the timeline of the customer and of the office', async () => {
    const id = await reportedBy(t, t.customerA);
    const text = await comment(t, t.customerA.client, id, { comment: '  Hij doet het weer niet  ' });
    expect(text.statusCode, text.body).toBe(201);
    expect(text.json().message).toBe(MALFUNCTION_TEXT.commented);
    const photo = await comment(t, t.customerA.client, id, {}, [{ data: await jpeg(800, 600) }]);
    expect(photo.statusCode, photo.body).toBe(201);
    const both = await comment(t, t.customerA.client, id, { comment: 'Zie foto' }, [{ data: await jpeg() }]);
    expect(both.statusCode, both.body).toBe(201);

    const own = await ownDetail(t.customerA.client, id);
    const comments = own.events.filter((e) => e.kind === 'comment');
    expect(comments.map((e) => [e.comment, e.photos.length])).toEqual([
      ['Hij doet het weer niet', 0],
      [null, 1],
      ['Zie foto', 1],
    ]);
    expect(comments.every((e) => e.by_name && e.at)).toBe(true);
    // The report's photos stay apart from the comments' photos.
    expect(own.photos).toEqual([]);
    expect(comments[1]!.photos[0]).toMatchObject({ width: 800, height: 600 });

    // The photo is the customer's to see (its file and thumbnail), nobody else's.
    const url = comments[1]!.photos[0]!.url;
    expect(url).toMatch(new RegExp(`^${OWN}/${id}/photos/\\d+/file$`));
    const file = await t.customerA.client.get(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect((await t.customerA.client.get(comments[1]!.photos[0]!.thumb_url)).headers['content-type']).toBe(
      'image/webp',
    );
    expect((await t.customerB.client.get(url)).statusCode).toBe(404);

    // The office sees the comments with their photos on its timeline.
    const office = await officeDetail(id);
    const officeComments = office.events.filter((e) => e.kind === 'comment');
    expect(officeComments.map((e) => e.photos.length)).toEqual([0, 1, 1]);
    expect((await t.admin.get(officeComments[1]!.photos[0]!.url)).statusCode).toBe(200);
    expect(office.photos).toEqual([]);
  });

  it('takes a JSON body without a photo, and counts as a change of the malfunction', async () => {
    const id = await reportedBy(t, t.customerA);
    const before = await ownDetail(t.customerA.client, id);
    const res = await t.customerA.client.post(`${OWN}/${id}/comments`, { body: { comment: 'Via JSON' } });
    expect(res.statusCode, res.body).toBe(201);
    const after = await ownDetail(t.customerA.client, id);
    expect(after.events.at(-1)).toMatchObject({ kind: 'comment', comment: 'Via JSON' });
    expect(after.updated_at > before.updated_at).toBe(true);
  });

  it('answers 422 without text and photo, for a second photo, a non-image and a text too long', async () => {
    const id = await reportedBy(t, t.customerA);
    const cases: [Promise<Awaited<ReturnType<typeof comment>>>, string, string][] = [
      [comment(t, t.customerA.client, id, { comment: '   ' }), 'comment', MALFUNCTION_TEXT.commentRequired],
      [comment(t, t.customerA.client, id, {}), 'comment', MALFUNCTION_TEXT.commentRequired],
      [
        comment(t, t.customerA.client, id, { comment: 'Twee' }, [{ data: await jpeg() }, { data: await jpeg() }]),
        'photo',
        MALFUNCTION_TEXT.commentOnePhoto,
      ],
      [
        comment(t, t.customerA.client, id, { comment: 'Ander veld' }, [{ name: 'photos', data: await jpeg() }]),
        'photo',
        MALFUNCTION_TEXT.commentOnePhoto,
      ],
      [
        comment(t, t.customerA.client, id, {}, [{ data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }]),
        'photo',
        IMAGE_TYPE_MESSAGE,
      ],
      [comment(t, t.customerA.client, id, { comment: 'x'.repeat(2001) }), 'comment', 'Maximaal 2000 tekens'],
    ];
    for (const [call, field, message] of cases) {
      const res = await call;
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res)[field]).toEqual([message]);
    }
    expect((await ownDetail(t.customerA.client, id)).events.filter((e) => e.kind === 'comment')).toEqual([]);
  });

  it(`refuses a photo past ${MAX_COMMENT_PHOTOS} comment photos (422 photo); a text still goes`, async () => {
    const id = await reportedBy(t, t.customerA);
    expect((await comment(t, t.customerA.client, id, {}, [{ data: await jpeg() }])).statusCode).toBe(201);
    const [first] = await t.db
      .select()
      .from(malfunctionPhotos)
      .where(and(eq(malfunctionPhotos.malfunctionId, id), isNotNull(malfunctionPhotos.eventId)));
    const { id: _id, ...copy } = first!;
    await t.db.insert(malfunctionPhotos).values(Array.from({ length: MAX_COMMENT_PHOTOS - 1 }, () => copy));
    const res = await comment(t, t.customerA.client, id, { comment: 'Nog een' }, [{ data: await jpeg() }]);
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res).photo).toEqual([MALFUNCTION_TEXT.tooManyCommentPhotos]);
    expect((await comment(t, t.customerA.client, id, { comment: 'Alleen tekst' })).statusCode).toBe(201);
  });

  it('answers 409 once resolved or withdrawn', async () => {
    const resolved = await reportedBy(t, t.customerA);
    expect((await t.admin.put(`${M}/${resolved}`, { body: { status: 'resolved' } })).statusCode).toBe(200);
    const res = await comment(t, t.customerA.client, resolved, { comment: 'Toch niet' }, [{ data: await jpeg() }]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(MALFUNCTION_TEXT.closed);
    const withdrawn = await reportedBy(t, t.customerA);
    const w = await t.customerA.client.post(`${OWN}/${withdrawn}/withdraw`, { body: { reason: 'Zelf opgelost' } });
    expect(w.statusCode, w.body).toBe(200);
    expect((await comment(t, t.customerA.client, withdrawn, { comment: 'Hallo' })).statusCode).toBe(409);
  });

  it('answers 429 past the comments per hour of the user (counted in the database)', async () => {
    const { user, client } = await t.signIn('customer', { customerId: t.customerA.chain.customer.id });
    const id = await reportedBy(t, { chain: t.customerA.chain, client });
    await t.db.insert(malfunctionEvents).values(
      Array.from({ length: MALFUNCTION_COMMENTS_PER_HOUR }, () => ({
        malfunctionId: id,
        kind: 'comment' as const,
        comment: 'Eerder',
        byUser: user.id,
      })),
    );
    const res = await comment(t, client, id, { comment: 'Eentje te veel' });
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json().message).toBe(MALFUNCTION_TEXT.commentThrottled);
    // Another user of the customer is not held back.
    expect((await comment(t, t.customerA.client, id, { comment: 'Ik wel' })).statusCode).toBe(201);
  });

  it('answers 404 for another customer, 403 for the office, 401 without a session, 419 without the token', async () => {
    const id = await reportedBy(t, t.customerA);
    const body = { comment: 'Hallo' };
    expect((await comment(t, t.customerB.client, id, body, [{ data: await jpeg() }])).statusCode).toBe(404);
    expect((await comment(t, t.customerA.client, 999999, body)).statusCode).toBe(404);
    expect((await comment(t, t.admin, id, body)).statusCode).toBe(403);
    expect((await comment(t, t.visitor, id, body)).statusCode).toBe(401);
    expect((await comment(t, t.customerA.client, id, body, [], { csrf: false })).statusCode).toBe(419);
    expect((await ownDetail(t.customerA.client, id)).events.filter((e) => e.kind === 'comment')).toEqual([]);
  });
});

describe('POST /api/own-malfunctions/:id/withdraw', () => {
  it('withdraws with a reason: Ingetrokken, a status event by the customer, no longer open', async () => {
    const id = await reportedBy(t, t.customerA);
    const count = async () => OpenCountSchema.parse((await t.admin.get(`${M}/open-count`)).json().data).count;
    const before = await count();
    const res = await t.customerA.client.post(`${OWN}/${id}/withdraw`, { body: { reason: 'Stekker zat los' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MALFUNCTION_TEXT.withdrawn);
    const own = await ownDetail(t.customerA.client, id);
    expect(own.status).toBe('withdrawn');
    expect(own.resolved_at).toBeNull();
    expect(own.events.at(-1)).toMatchObject({
      kind: 'status',
      from_status: 'open',
      to_status: 'withdrawn',
      reason: 'Stekker zat los',
      by_name: expect.any(String) as string,
    });
    expect(await count()).toBe(before - 1);
    // The office cannot move it on (Ingetrokken is final) and is told why; a second withdrawal is 409.
    const office = await t.admin.put(`${M}/${id}`, { body: { status: 'resolved' } });
    expect(office.statusCode).toBe(409);
    expect(office.json().message).toBe(MALFUNCTION_TEXT.withdrawnByCustomer);
    const again = await t.customerA.client.post(`${OWN}/${id}/withdraw`, { body: { reason: 'Nogmaals' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MALFUNCTION_TEXT.closed);
  });

  it('tells the office, whose screen still showed it open, that the customer withdrew it (409), for every step', async () => {
    const id = await reportedBy(t, t.customerA);
    // The office opened the malfunction (Open); the customer withdraws it a moment later.
    expect((await officeDetail(id)).status).toBe('open');
    const withdrawn = await t.customerA.client.post(`${OWN}/${id}/withdraw`, { body: { reason: 'Zelf opgelost' } });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    for (const body of [
      { status: 'in_progress' },
      { status: 'resolved', customer_note: 'Opgelost' },
      { status: 'open', reason: 'Toch niet' },
    ]) {
      const res = await t.admin.put(`${M}/${id}`, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().message).toBe(MALFUNCTION_TEXT.withdrawnByCustomer);
    }
    // Planning it says the same; nothing changed.
    const plan = await t.admin.post(`${M}/${id}/plan`, {
      body: { inspection_type: 'maintenance', planned_date: '2030-01-02' },
    });
    expect(plan.statusCode, plan.body).toBe(409);
    expect(plan.json().message).toBe(MALFUNCTION_TEXT.withdrawnByCustomer);
    const after = await officeDetail(id);
    expect(after.status).toBe('withdrawn');
    expect(after.customer_note).toBeNull();
    // A wrong step on one that is not withdrawn keeps its own 422.
    const other = await reportedBy(t, t.customerA);
    expect((await t.admin.put(`${M}/${other}`, { body: { status: 'resolved' } })).statusCode).toBe(200);
    const invalid = await t.admin.put(`${M}/${other}`, { body: { status: 'in_progress' } });
    expect(invalid.statusCode).toBe(422);
    expect(errorsOf(invalid).status).toEqual([MALFUNCTION_TEXT.invalidTransition]);
  });

  it('withdraws one In behandeling as well, through a form too', async () => {
    const id = await reportedBy(t, t.customerA);
    expect((await t.admin.put(`${M}/${id}`, { body: { status: 'in_progress' } })).statusCode).toBe(200);
    const res = await t.customerA.client.post(`${OWN}/${id}/withdraw`, { body: { reason: 'Vervangen' }, as: 'form' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(malfunctions).where(eq(malfunctions.id, id));
    expect(row!.status).toBe('withdrawn');
  });

  it('answers 422 without a reason, 409 once resolved, 404, 403, 401 and 419', async () => {
    const id = await reportedBy(t, t.customerA);
    const url = `${OWN}/${id}/withdraw`;
    for (const body of [{}, { reason: '  ' }]) {
      const res = await t.customerA.client.post(url, { body });
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res).reason).toEqual([MALFUNCTION_TEXT.withdrawReasonRequired]);
    }
    const long = await t.customerA.client.post(url, { body: { reason: 'x'.repeat(1001) } });
    expect(errorsOf(long).reason).toEqual(['Maximaal 1000 tekens']);
    const body = { reason: 'Weg' };
    expect((await t.customerB.client.post(url, { body })).statusCode).toBe(404);
    expect((await t.customerA.client.post(`${OWN}/999999/withdraw`, { body })).statusCode).toBe(404);
    expect((await t.admin.post(url, { body })).statusCode).toBe(403);
    expect((await t.visitor.post(url, { body })).statusCode).toBe(401);
    expect((await t.customerA.client.post(url, { body, csrf: false })).statusCode).toBe(419);
    expect((await ownDetail(t.customerA.client, id)).status).toBe('open');
    expect((await t.admin.put(`${M}/${id}`, { body: { status: 'resolved' } })).statusCode).toBe(200);
    const res = await t.customerA.client.post(url, { body });
    expect(res.statusCode).toBe(409);
    expect((await ownDetail(t.customerA.client, id)).status).toBe('resolved');
  });
});
