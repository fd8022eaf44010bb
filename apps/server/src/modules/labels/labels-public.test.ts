import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  LABEL_READS_PER_MINUTE,
  LABEL_TEXT,
  LABEL_TOKEN_PATTERN,
  PUBLIC_MALFUNCTIONS_PER_ADDRESS_PER_HOUR,
  PUBLIC_MALFUNCTIONS_PER_MACHINE_PER_HOUR,
  PublicLabelSchema,
} from '@keurwijzer/shared/labels';
import { MAX_DESCRIPTION, MalfunctionDetailSchema } from '@keurwijzer/shared/malfunctions';
import { TEXT } from '@keurwijzer/shared/texts';
import { malfunctionPhotos, malfunctions } from '../../db/schema/malfunctions';
import { machines } from '../../db/schema/machines';
import { redactTokens } from '../../lib/log-redaction';
import { createMachine } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { jpeg } from '../malfunctions/malfunctions.test-helpers';
import { newLabelToken } from './labels.service';
import { REPORT, giveCode, reportByLabel, visitorFrom } from './labels.test-helpers';

/**
 * The public side of a machine's QR label: the page anyone who scans the code sees
 * (name, inventory number, state; nothing else; noindex), and the anonymous "Storing melden" that
 * reaches the office as a malfunction; both throttled in the database.
 */
const t = useTestApp();

let n = 0;
const ipOf = () => `10.31.${Math.floor(++n / 250)}.${n % 250}`;

describe('label codes', () => {
  it('are 128 random bits in base64url: 22 characters, never the same twice', () => {
    const codes = Array.from({ length: 2000 }, () => newLabelToken());
    for (const c of codes) expect(c).toMatch(LABEL_TOKEN_PATTERN);
    expect(Buffer.from(codes[0]!, 'base64url')).toHaveLength(16);
    expect(new Set(codes).size).toBe(codes.length);
    // Every base64url character shows up: the codes are not from a small alphabet.
    expect(new Set(codes.join('')).size).toBe(64);
  });

  it('never reach the log: /m/, /api/labels/ and /api/public/labels/ are redacted', () => {
    const code = newLabelToken();
    const line = `GET /api/public/labels/${code}/malfunctions GET /api/labels/${code} http://x/m/${code}?a=1`;
    expect(redactTokens(line)).not.toContain(code);
    expect(redactTokens('GET /api/customers/1/locations/2/labels?layout=a4-3x8')).toContain('labels?layout');
  });
});

describe('GET /api/public/labels/:token', () => {
  it('shows only the company, name, inventory number and state, with noindex, to anyone', async () => {
    const machine = await createMachine(t.db, t.customerA.chain, { name: 'Lintzaag', inventoryNumber: 'LZ-1' });
    const code = await giveCode(t, machine.id);
    const visitor = await visitorFrom(t);
    const res = await visitor.get(`/api/public/labels/${code}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const body = res.json();
    expect(Object.keys(body)).toEqual(['data']);
    expect(PublicLabelSchema.strict().parse(body.data)).toEqual({
      company_name: t.config.company.name,
      name: 'Lintzaag',
      inventory_number: 'LZ-1',
      state: 'unknown',
    });
    // A logged-in user gets the same page (the screens choose what to show).
    const asCustomer = await t.customerB.client.get(`/api/public/labels/${code}`);
    expect(asCustomer.json()).toEqual(body);
  });

  it('says the state: In orde, binnenkort, verlopen, afgekeurd', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const cases = [
      { values: { nextDueDate: day(200) }, state: 'up_to_date' },
      { values: { nextDueDate: day(10) }, state: 'due_soon' },
      { values: { nextDueDate: day(-3) }, state: 'overdue' },
      { values: { nextDueDate: day(200), dueRejected: true }, state: 'rejected' },
    ] as const;
    for (const c of cases) {
      const machine = await createMachine(t.db, t.customerA.chain);
      // The summary the triggers keep, set as a given.
      await t.db.update(machines).set(c.values).where(eq(machines.id, machine.id));
      const code = await giveCode(t, machine.id);
      const res = await (await visitorFrom(t)).get(`/api/public/labels/${code}`);
      expect(res.json().data.state, JSON.stringify(c)).toBe(c.state);
    }
  });

  it('answers 404 "Deze code is niet (meer) geldig." for an unknown, malformed, renewed or archived machine code', async () => {
    const machine = await createMachine(t.db, t.customerA.chain);
    const code = await giveCode(t, machine.id);
    const visitor = await visitorFrom(t);
    for (const bad of [newLabelToken(), 'kort', `${code}x`, '999999']) {
      const res = await visitor.get(`/api/public/labels/${bad}`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().message).toBe(LABEL_TEXT.invalidCode);
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
    // "Nieuwe code": the old code stops working.
    const renew = await t.admin.post(
      `/api/customers/${t.customerA.chain.customer.id}/machines/${machine.id}/label/renew`,
    );
    expect(renew.statusCode, renew.body).toBe(200);
    expect(renew.json().message).toBe(LABEL_TEXT.renewed);
    expect((await visitor.get(`/api/public/labels/${code}`)).statusCode).toBe(404);
    // An archived machine's code is no code.
    const other = await createMachine(t.db, t.customerA.chain);
    const otherCode = await giveCode(t, other.id);
    await t.db.update(machines).set({ archivedAt: new Date() }).where(eq(machines.id, other.id));
    const archived = await visitor.get(`/api/public/labels/${otherCode}`);
    expect(archived.statusCode).toBe(404);
    expect(archived.json().message).toBe(LABEL_TEXT.invalidCode);
  });

  it(`is throttled per address: ${LABEL_READS_PER_MINUTE} reads a minute, then 429; another address goes on`, async () => {
    const machine = await createMachine(t.db, t.customerA.chain);
    const code = await giveCode(t, machine.id);
    const visitor = await visitorFrom(t, ipOf());
    for (let i = 0; i < LABEL_READS_PER_MINUTE; i++) {
      expect((await visitor.get(`/api/public/labels/${code}`)).statusCode).toBe(200);
    }
    const refused = await visitor.get(`/api/public/labels/${code}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(LABEL_TEXT.throttledRead);
    expect((await (await visitorFrom(t, ipOf())).get(`/api/public/labels/${code}`)).statusCode).toBe(200);
  });
});

describe('POST /api/public/labels/:token/malfunctions', () => {
  it('stores an anonymous malfunction with its photo, shown to the office as reported via the label', async () => {
    const machine = await createMachine(t.db, t.customerA.chain, { name: 'Kolomboor', inventoryNumber: 'KB-9' });
    const code = await giveCode(t, machine.id);
    const ip = ipOf();
    const visitor = await visitorFrom(t, ip);
    const res = await reportByLabel(t, visitor, ip, code, { ...REPORT, contact: ' jan@example.com ' }, [
      { data: await jpeg() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ data: null, message: 'Bedankt. Je melding is doorgegeven aan de keuringsdienst.' });
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');

    const [row] = await t.db.select().from(malfunctions).where(eq(malfunctions.machineId, machine.id));
    expect(row).toMatchObject({
      customerId: t.customerA.chain.customer.id,
      reportedBy: null,
      anonymous: true,
      reporterName: REPORT.name,
      reporterContact: 'jan@example.com',
      description: REPORT.description,
      status: 'open',
    });
    expect(
      await t.db.select().from(malfunctionPhotos).where(eq(malfunctionPhotos.malfunctionId, row!.id)),
    ).toHaveLength(1);

    // The office's list and detail carry the anonymous reporter.
    const detail = await t.admin.get(`/api/malfunctions/${row!.id}`);
    const data = MalfunctionDetailSchema.strict().parse(detail.json().data);
    expect(data).toMatchObject({
      anonymous: true,
      reported_by: null,
      reporter_name: REPORT.name,
      reporter_contact: 'jan@example.com',
      machine_name: 'Kolomboor',
    });
    expect(data.photos).toHaveLength(1);
    const photo = await t.admin.get(data.photos[0]!.url);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\//);
    const list = await t.admin.get('/api/malfunctions', { query: { search: REPORT.name } });
    expect(list.json().data.map((m: { id: number }) => m.id)).toContain(row!.id);
    // The customer sees it among its malfunctions, without the reporter's contact.
    const own = await t.customerA.client.get('/api/own-malfunctions', { query: { machine_id: String(machine.id) } });
    expect(own.json().data).toHaveLength(1);
    expect(JSON.stringify(own.json())).not.toContain('jan@example.com');

    // The office's mail (every admin), naming the anonymous reporter.
    await t.mails.drain();
    const mail = t.mailer.sent.find((m) => m.subject.includes('Kolomboor'));
    expect(mail, 'office mail').toBeDefined();
    expect(mail!.text).toContain(`Anoniem via QR-label: ${REPORT.name}, jan@example.com`);
    expect(mail!.text).toContain(REPORT.description);
  });

  it('takes a report without photo, as a JSON body too', async () => {
    const machine = await createMachine(t.db, t.customerA.chain);
    const code = await giveCode(t, machine.id);
    const visitor = await visitorFrom(t);
    const res = await visitor.post(`/api/public/labels/${code}/malfunctions`, {
      body: { ...REPORT, contact: '+31 6 1234 5678' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses bad input with 422 per field, never a 500', async () => {
    // Refused input counts toward the address's and the machine's hour (attempts are counted
    // before the body is read): a new machine for the photo cases, a new address each time.
    const first = await createMachine(t.db, t.customerA.chain);
    const firstCode = await giveCode(t, first.id);
    const machine = await createMachine(t.db, t.customerA.chain);
    const code = await giveCode(t, machine.id);
    const cases: [Record<string, string>, string, string][] = [
      [{ ...REPORT, name: ' ' }, 'name', 'Verplicht'],
      [{ ...REPORT, contact: '' }, 'contact', 'Verplicht'],
      [{ ...REPORT, contact: 'bel me' }, 'contact', LABEL_TEXT.invalidContact],
      [{ ...REPORT, contact: '123' }, 'contact', LABEL_TEXT.invalidContact],
      [{ ...REPORT, contact: 'jan@' }, 'contact', 'Ongeldig e-mailadres'],
      [{ ...REPORT, description: '' }, 'description', 'Verplicht'],
      [
        { ...REPORT, description: 'x'.repeat(MAX_DESCRIPTION + 1) },
        'description',
        `Maximaal ${MAX_DESCRIPTION} tekens`,
      ],
      [{ ...REPORT, name: 'a\u0000b' }, 'name', 'Bevat ongeldige tekens'],
    ];
    for (const [fields, field, message] of cases) {
      const ip = ipOf();
      const res = await reportByLabel(t, await visitorFrom(t, ip), ip, firstCode, fields);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(res.json().errors[field], field).toContain(message);
    }
    const ip = ipOf();
    const notImage = await reportByLabel(t, await visitorFrom(t, ip), ip, code, REPORT, [
      { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: 'image/svg+xml', name: 'x.svg' },
    ]);
    expect(notImage.statusCode, notImage.body).toBe(422);
    expect(Object.keys(notImage.json().errors)).toEqual(['photo']);
    const ip2 = ipOf();
    const twoPhotos = await reportByLabel(t, await visitorFrom(t, ip2), ip2, code, REPORT, [
      { data: await jpeg() },
      { data: await jpeg() },
    ]);
    expect(twoPhotos.statusCode, twoPhotos.body).toBe(422);
    expect(twoPhotos.json().errors.photo).toEqual([LABEL_TEXT.onePhoto]);
    const ip3 = ipOf();
    const otherField = await reportByLabel(t, await visitorFrom(t, ip3), ip3, code, REPORT, [
      { data: await jpeg(), field: 'photos' },
    ]);
    expect(otherField.statusCode, otherField.body).toBe(422);
    for (const id of [first.id, machine.id]) {
      expect(await t.db.select().from(malfunctions).where(eq(malfunctions.machineId, id))).toHaveLength(0);
    }
  });

  it('needs the CSRF token of the visitor session (419), but no login', async () => {
    const machine = await createMachine(t.db, t.customerA.chain);
    const code = await giveCode(t, machine.id);
    const ip = ipOf();
    const visitor = await visitorFrom(t, ip);
    const res = await reportByLabel(t, visitor, ip, code, REPORT, [], { csrf: false });
    expect(res.statusCode).toBe(419);
    expect(res.json().message).toBe(TEXT.csrf);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const noSession = await t.app.inject({
      method: 'POST',
      url: `/api/public/labels/${code}/malfunctions`,
      payload: REPORT,
      remoteAddress: ipOf(),
    });
    expect(noSession.statusCode).toBe(419);
    expect(await t.db.select().from(malfunctions).where(eq(malfunctions.machineId, machine.id))).toHaveLength(0);
  });

  it('answers 404 for an unknown, renewed or archived code, and for a concept machine', async () => {
    const visitor = await visitorFrom(t);
    const unknown = await visitor.post(`/api/public/labels/${newLabelToken()}/malfunctions`, { body: REPORT });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(LABEL_TEXT.invalidCode);
    const concept = await createMachine(t.db, t.customerA.chain, { status: 'concept' });
    const conceptCode = await giveCode(t, concept.id);
    const res = await (await visitorFrom(t)).post(`/api/public/labels/${conceptCode}/malfunctions`, { body: REPORT });
    expect(res.statusCode).toBe(404);
  });

  it(`is throttled per address: ${PUBLIC_MALFUNCTIONS_PER_ADDRESS_PER_HOUR} reports an hour, whatever the machine`, async () => {
    const ip = ipOf();
    const visitor = await visitorFrom(t, ip);
    for (let i = 0; i < PUBLIC_MALFUNCTIONS_PER_ADDRESS_PER_HOUR; i++) {
      const machine = await createMachine(t.db, t.customerA.chain);
      const res = await reportByLabel(t, visitor, ip, await giveCode(t, machine.id), REPORT);
      expect(res.statusCode, res.body).toBe(201);
    }
    const machine = await createMachine(t.db, t.customerA.chain);
    const code = await giveCode(t, machine.id);
    const refused = await reportByLabel(t, visitor, ip, code, REPORT);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(LABEL_TEXT.throttledAddress);
    const ip2 = ipOf();
    expect((await reportByLabel(t, await visitorFrom(t, ip2), ip2, code, REPORT)).statusCode).toBe(201);
  });

  it(`is throttled per machine: ${PUBLIC_MALFUNCTIONS_PER_MACHINE_PER_HOUR} reports an hour from all addresses together`, async () => {
    const machine = await createMachine(t.db, t.customerA.chain);
    const code = await giveCode(t, machine.id);
    for (let i = 0; i < PUBLIC_MALFUNCTIONS_PER_MACHINE_PER_HOUR; i++) {
      const ip = ipOf();
      expect((await reportByLabel(t, await visitorFrom(t, ip), ip, code, REPORT)).statusCode).toBe(201);
    }
    const ip = ipOf();
    const refused = await reportByLabel(t, await visitorFrom(t, ip), ip, code, REPORT);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(LABEL_TEXT.throttledMachine);
    // Another machine from the same address goes on.
    const other = await createMachine(t.db, t.customerA.chain);
    expect((await reportByLabel(t, await visitorFrom(t, ip), ip, await giveCode(t, other.id), REPORT)).statusCode).toBe(
      201,
    );
  });

  it('lets exactly the limit through when the reports come at once (per address and per machine)', async () => {
    const extra = 4;
    // One address, many machines.
    const ip = ipOf();
    const visitor = await visitorFrom(t, ip);
    const codes = await Promise.all(
      Array.from({ length: PUBLIC_MALFUNCTIONS_PER_ADDRESS_PER_HOUR + extra }, async () =>
        giveCode(t, (await createMachine(t.db, t.customerA.chain)).id),
      ),
    );
    const byAddress = await Promise.all(codes.map((code) => reportByLabel(t, visitor, ip, code, REPORT)));
    const statuses = byAddress.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(PUBLIC_MALFUNCTIONS_PER_ADDRESS_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(extra);

    // One machine, many addresses.
    const machine = await createMachine(t.db, t.customerA.chain);
    const code = await giveCode(t, machine.id);
    const visitors = await Promise.all(
      Array.from({ length: PUBLIC_MALFUNCTIONS_PER_MACHINE_PER_HOUR + extra }, async () => {
        const at = ipOf();
        return { at, client: await visitorFrom(t, at) };
      }),
    );
    const byMachine = await Promise.all(visitors.map((v) => reportByLabel(t, v.client, v.at, code, REPORT)));
    expect(byMachine.filter((r) => r.statusCode === 201)).toHaveLength(PUBLIC_MALFUNCTIONS_PER_MACHINE_PER_HOUR);
    expect(byMachine.filter((r) => r.statusCode === 429)).toHaveLength(extra);
    const stored = await t.db.select().from(malfunctions).where(eq(malfunctions.machineId, machine.id));
    expect(stored).toHaveLength(PUBLIC_MALFUNCTIONS_PER_MACHINE_PER_HOUR);
  });
});
