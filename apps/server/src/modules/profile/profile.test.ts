import fs from 'node:fs';
import path from 'node:path';
import { sharp, solidImage } from '../../../test-support/images';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PHONE_TEXT } from '@keurwijzer/shared/phone';
import { PROFILE_TEXT, ProfileSchema } from '@keurwijzer/shared/profile';
import { LIMIT_TEXT } from '@keurwijzer/shared/texts';
import { CurrentUserSchema, type CurrentUser } from '@keurwijzer/shared/users';
import { MSG } from '@keurwijzer/shared/validation';
import { users } from '../../db/schema/users';
import { IMAGE_TOO_LARGE_MESSAGE, IMAGE_TYPE_MESSAGE, MAX_IMAGE_BYTES } from '../../lib/image-intake';
import { pngClaiming } from '../../test/bodies';
import { type TestClient } from '../../test/client';
import { errorsOf, expectNoSecrets } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp();

const body = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Anna',
  preposition: 'van der',
  last_name: 'Berg',
  lang: 'nl',
  ...overrides,
});

const png = (width: number, height: number) => solidImage(width, height, { r: 190, g: 21, b: 34 }).png().toBuffer();

const upload = (client: TestClient, data: Buffer, name = 'foto.png', type = 'image/png') =>
  client.upload('/api/profile/image', 'image', { name, type, data });

const stored = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

const profileFiles = (id: number) => {
  const dir = path.join(t.uploadDir, 'profiles', String(id));
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('GET /api/profile', () => {
  it('gives the logged-in user with its language and two-factor state', async () => {
    const { user, client } = await t.signIn('customer', { customerId: t.customerA.chain.customer.id });
    const res = await client.get('/api/profile');
    expect(res.statusCode).toBe(200);
    const data = ProfileSchema.strict().parse(res.json().data);
    expect(data).toMatchObject({
      id: user.id,
      email: user.email,
      lang: 'nl',
      image: null,
      two_factor_enabled: false,
      reminder_mails: true,
    });
    expectNoSecrets(res);
  });

  it('answers nl for a stored language that is not supported (Dutch is the fallback)', async () => {
    const { user, client } = await t.signIn('mechanic');
    await t.db.update(users).set({ lang: 'xx' }).where(eq(users.id, user.id));
    expect((await client.get('/api/profile')).json().data.lang).toBe('nl');
    expect((await client.get('/api/authorized')).json().data.lang).toBe('nl');
  });

  it('needs a session (401)', async () => {
    expect((await t.visitor.get('/api/profile')).statusCode).toBe(401);
    expect((await t.visitor.get('/api/profile/image')).statusCode).toBe(401);
  });
});

describe('PUT /api/profile', () => {
  it('changes name and language: "Profiel is gewijzigd", the user back, and /api/authorized agrees', async () => {
    const { user, client } = await t.signIn('mechanic');
    const res = await client.put('/api/profile', { body: body({ first_name: '  Anna ' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Profiel is gewijzigd');
    const { reminder_mails, phone, malfunction_mails, ...data } = ProfileSchema.strict().parse(res.json().data);
    expect({ reminder_mails, phone, malfunction_mails }).toEqual({
      reminder_mails: true,
      phone: null,
      malfunction_mails: true,
    });
    expect(data).toMatchObject({
      id: user.id,
      first_name: 'Anna',
      preposition: 'van der',
      last_name: 'Berg',
      lang: 'nl',
    });
    const row = await stored(user.id);
    expect(row).toMatchObject({ firstName: 'Anna', preposition: 'van der', lastName: 'Berg', lang: 'nl' });
    expect(row.updatedAt.getTime()).toBeGreaterThan(user.updatedAt.getTime());
    expect((await client.get('/api/authorized')).json().data).toEqual(data);
  });

  it('takes a form as the web sends it (POST with _method=PUT) and multipart; an empty preposition is null', async () => {
    const { user, client } = await t.signIn('customer', { customerId: t.customerA.chain.customer.id });
    const form = await client.post('/api/profile', {
      body: { _method: 'PUT', ...body({ preposition: '' }) },
      as: 'form',
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({ message: PROFILE_TEXT.changed, data: { preposition: null } });
    const multipart = await client.put('/api/profile', { body: body({ first_name: 'Bea' }), as: 'multipart' });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect((await stored(user.id)).firstName).toBe('Bea');
  });

  it('does not change the e-mail address, the role or the customer', async () => {
    const { user, client } = await t.signIn('customer', { customerId: t.customerA.chain.customer.id });
    const res = await client.put('/api/profile', {
      body: body({
        email: 'ander@example.com',
        role: 'super_admin',
        customer_id: t.customerB.chain.customer.id,
        id: 1,
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, email: user.email, role: 'customer' });
    expect(await stored(user.id)).toMatchObject({
      email: user.email,
      role: 'customer',
      customerId: t.customerA.chain.customer.id,
    });
  });

  it.each([
    ['first_name', { first_name: '' }, MSG.required],
    ['first_name', { first_name: '   ' }, MSG.required],
    ['first_name', { first_name: undefined }, MSG.required],
    ['last_name', { last_name: '' }, MSG.required],
    ['first_name', { first_name: 'a'.repeat(256) }, MSG.maxText],
    ['preposition', { preposition: 'a'.repeat(256) }, MSG.maxText],
    ['last_name', { last_name: 'a'.repeat(256) }, MSG.maxText],
    ['last_name', { last_name: 'Be\u0000rg' }, MSG.invalidCharacters],
    ['preposition', { preposition: 'v\u0000an' }, MSG.invalidCharacters],
    ['lang', { lang: 'en' }, MSG.invalidChoice],
    ['lang', { lang: undefined }, MSG.required],
  ])('422 on %s: %j -> %s', async (field, change, message) => {
    const res = await t.mechanic.put('/api/profile', { body: body(change) });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res)[field]).toEqual([message]);
  });

  it('changes nothing on a 422', async () => {
    const { user, client } = await t.signIn('mechanic');
    await client.put('/api/profile', { body: body({ first_name: 'Nieuw', last_name: '' }) });
    expect((await stored(user.id)).firstName).toBe(user.firstName);
  });

  it('needs a session (401) and the CSRF token (419)', async () => {
    expect((await t.visitor.put('/api/profile', { body: body() })).statusCode).toBe(401);
    const { user, client } = await t.signIn('mechanic');
    const res = await client.put('/api/profile', { body: body({ first_name: 'Zonder' }), csrf: false });
    expect(res.statusCode).toBe(419);
    const twin = await client.post('/api/profile', { body: { _method: 'PUT', ...body() }, as: 'form', csrf: false });
    expect(twin.statusCode).toBe(419);
    expect((await stored(user.id)).firstName).toBe(user.firstName);
  });
});

describe('the reminder mails switch (reminder_mails)', () => {
  it('turns the reminder mails off and on again; left out it stays as it is', async () => {
    const { user, client } = await t.signIn('admin');
    const off = await client.put('/api/profile', { body: body({ reminder_mails: false }) });
    expect(off.statusCode, off.body).toBe(200);
    expect(ProfileSchema.strict().parse(off.json().data).reminder_mails).toBe(false);
    expect((await stored(user.id)).reminderMails).toBe(false);
    expect((await client.get('/api/profile')).json().data.reminder_mails).toBe(false);
    // Without the field (an older form): unchanged.
    expect((await client.put('/api/profile', { body: body() })).json().data.reminder_mails).toBe(false);
    expect((await stored(user.id)).reminderMails).toBe(false);
    // As the web sends it: a form with 1/0.
    const on = await client.post('/api/profile', {
      body: { _method: 'PUT', ...body({ reminder_mails: '1' }) },
      as: 'form',
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.reminder_mails).toBe(true);
    expect((await stored(user.id)).reminderMails).toBe(true);
  });

  it('changes only the own switch (a customer user, with two customers)', async () => {
    const res = await t.customerA.client.put('/api/profile', {
      body: body({ reminder_mails: false, id: t.customerB.user.id }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(t.customerA.user.id)).reminderMails).toBe(false);
    expect((await stored(t.customerB.user.id)).reminderMails).toBe(true);
    await t.customerA.client.put('/api/profile', { body: body({ reminder_mails: true }) });
  });

  it.each([
    ['ja', MSG.invalidChoice],
    ['2', MSG.invalidChoice],
    ['', MSG.required],
    [null, MSG.required],
  ])('422 on reminder_mails %j -> %s, nothing changed', async (value, message) => {
    const { user, client } = await t.signIn('mechanic');
    const res = await client.put('/api/profile', { body: body({ reminder_mails: value }) });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res).reminder_mails).toEqual([message]);
    expect((await stored(user.id)).reminderMails).toBe(true);
  });

  it('401 without a session, 419 without the CSRF token, 403 while a new password is required', async () => {
    expect((await t.visitor.put('/api/profile', { body: body({ reminder_mails: false }) })).statusCode).toBe(401);
    const { user, client } = await t.signIn('customer', { customerId: t.customerA.chain.customer.id });
    const noToken = await client.put('/api/profile', { body: body({ reminder_mails: false }), csrf: false });
    expect(noToken.statusCode).toBe(419);
    await t.db.update(users).set({ passwordChangeRequired: true }).where(eq(users.id, user.id));
    const blocked = await client.put('/api/profile', { body: body({ reminder_mails: false }) });
    expect(blocked.statusCode, blocked.body).toBe(403);
    expect((await stored(user.id)).reminderMails).toBe(true);
  });
});

describe('the profile photo', () => {
  it('uploads a photo as a square WebP of at most 512 px, shows it at its URL, replaces and removes it', async () => {
    const { user, client } = await t.signIn('mechanic');
    const res = await upload(client, await png(900, 600));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(PROFILE_TEXT.photoChanged);
    const data = CurrentUserSchema.parse(res.json().data) as CurrentUser;
    expect(data.image).toMatch(new RegExp(`^/api/users/${user.id}/image\\?v=[0-9a-f-]{36}$`));
    expect((await client.get('/api/authorized')).json().data.image).toBe(data.image);

    for (const url of [data.image!, '/api/profile/image']) {
      const file = await client.get(url);
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
    }
    expect(profileFiles(user.id)).toHaveLength(1);

    // A small photo stays small, and replaces the first (whose file goes).
    const second = await upload(client, await png(120, 80));
    expect(second.statusCode, second.body).toBe(200);
    const image = second.json().data.image as string;
    expect(image).not.toBe(data.image);
    const meta = await sharp((await client.get(image)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([80, 80]);
    expect(profileFiles(user.id)).toHaveLength(1);

    const removed = await client.post('/api/profile/image/remove');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ message: PROFILE_TEXT.photoRemoved, data: { image: null } });
    expect((await stored(user.id)).image).toBeNull();
    expect(profileFiles(user.id)).toHaveLength(0);
    expect((await client.get('/api/profile/image')).statusCode).toBe(404);
    expect((await client.get(image)).statusCode).toBe(404);
    const again = await client.post('/api/profile/image/remove');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(PROFILE_TEXT.noPhoto);
  });

  it('removes a photo once when ten removals come at once: one 200, nine 404', async () => {
    const { user, client } = await t.signIn('mechanic');
    expect((await upload(client, await png(40, 40))).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.post('/api/profile/image/remove')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(404)]);
    expect((await stored(user.id)).image).toBeNull();
    expect(profileFiles(user.id)).toHaveLength(0);
  });

  it('refuses a file that is not an image, one with too many pixels, no file, and a file over 10 MB', async () => {
    const { user, client } = await t.signIn('customer', { customerId: t.customerA.chain.customer.id });
    const notImage = await upload(client, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png');
    expect(notImage.statusCode).toBe(422);
    expect(errorsOf(notImage).image).toEqual([IMAGE_TYPE_MESSAGE]);

    // A tiny PNG whose header claims 30,000 x 30,000 pixels: refused before it is decoded.
    const tooManyPixels = await upload(client, pngClaiming(30_000, 30_000));
    expect(tooManyPixels.statusCode).toBe(422);
    expect(errorsOf(tooManyPixels).image).toEqual([IMAGE_TOO_LARGE_MESSAGE]);

    const noFile = await client.post('/api/profile/image', { body: { other: 'x' }, as: 'multipart' });
    expect(noFile.statusCode).toBe(422);
    expect(errorsOf(noFile).image).toEqual([PROFILE_TEXT.photoMissing]);
    const json = await client.post('/api/profile/image', { body: {} });
    expect(json.statusCode).toBe(422);
    expect(errorsOf(json).image).toEqual([PROFILE_TEXT.photoMissing]);

    const big = Buffer.concat([await png(10, 10), Buffer.alloc(MAX_IMAGE_BYTES)]);
    const tooBig = await upload(client, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(LIMIT_TEXT.fileTooLarge);

    expect((await stored(user.id)).image).toBeNull();
    expect(profileFiles(user.id)).toHaveLength(0);
  });

  it('needs a session (401) and the CSRF token (419) to upload or remove', async () => {
    const data = await png(20, 20);
    expect((await upload(t.visitor, data)).statusCode).toBe(401);
    expect((await t.visitor.post('/api/profile/image/remove')).statusCode).toBe(401);
    const { user, client } = await t.signIn('mechanic');
    const noToken = await client.upload(
      '/api/profile/image',
      'image',
      { name: 'a.png', type: 'image/png', data },
      false,
    );
    expect(noToken.statusCode).toBe(419);
    expect((await client.post('/api/profile/image/remove', { csrf: false })).statusCode).toBe(419);
    expect((await stored(user.id)).image).toBeNull();
  });

  it("lets nobody but the owner and user managers read a photo, and nobody change another's", async () => {
    const owner = await t.signIn('customer', { customerId: t.customerA.chain.customer.id });
    const res = await upload(owner.client, await png(64, 64));
    const image = res.json().data.image as string;
    const before = await stored(owner.user.id);

    // Another customer user, of the same customer or another, and a mechanic: the same 404 as no photo.
    const sameCustomer = await t.signIn('customer', { customerId: t.customerA.chain.customer.id });
    for (const other of [sameCustomer.client, t.customerB.client, t.mechanic]) {
      expect((await other.get(image)).statusCode).toBe(404);
      expect((await other.get(`/api/users/${owner.user.id}/image`)).statusCode).toBe(404);
      // Their own profile calls only ever touch their own row.
      expect((await other.get('/api/profile/image')).statusCode).toBe(404);
    }
    // User managers see it (the user payload's image in their lists is this URL).
    expect((await t.admin.get(image)).statusCode).toBe(200);
    const one = await t.admin.get(`/api/users/${owner.user.id}`);
    expect(one.json().data.image).toBe(image);
    // The list's JSON (built by the database) gives the same URL as the single user (toUser).
    const list = await t.admin.get(`/api/users?search=${encodeURIComponent(owner.user.email)}&employees=0`);
    expect(list.json().data).toEqual([expect.objectContaining({ id: owner.user.id, image })]);

    // There is no way to name another user: an id in the body is ignored, no route takes one.
    const change = await sameCustomer.client.put('/api/profile', { body: { ...body(), id: owner.user.id } });
    expect(change.json().data.id).toBe(sameCustomer.user.id);
    await upload(sameCustomer.client, await png(30, 30));
    await sameCustomer.client.post('/api/profile/image/remove');
    const posted = await sameCustomer.client.upload(`/api/users/${owner.user.id}/image`, 'image', {
      name: 'a.png',
      type: 'image/png',
      data: await png(30, 30),
    });
    // No such route (404), refused as soon as the file part comes (413): never a change.
    expect([404, 413]).toContain(posted.statusCode);
    expect(await stored(owner.user.id)).toMatchObject({
      image: before.image,
      firstName: before.firstName,
      lastName: before.lastName,
    });
    expect((await owner.client.get(image)).statusCode).toBe(200);
  });
});

describe('the phone number and the malfunction mails', () => {
  it('saves a Dutch number in its international form, reads it back, keeps it when left out and clears it with ""', async () => {
    const { user, client } = await t.signIn('customer', { customerId: t.customerA.chain.customer.id });
    const res = await client.put('/api/profile', { body: body({ phone: ' 06-12345678 ' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(ProfileSchema.strict().parse(res.json().data).phone).toBe('+31 6 12345678');
    expect((await stored(user.id)).phone).toBe('+31 6 12345678');
    expect((await client.get('/api/profile')).json().data.phone).toBe('+31 6 12345678');
    // Not part of the session's user (the app bar's): only the profile's.
    expect((await client.get('/api/authorized')).json().data).not.toHaveProperty('phone');
    // Left out (an older form): unchanged; a landline and a Belgian mobile; '' clears it (a form).
    expect((await client.put('/api/profile', { body: body() })).json().data.phone).toBe('+31 6 12345678');
    expect((await client.put('/api/profile', { body: body({ phone: '010-1234567' }) })).json().data.phone).toBe(
      '+31 10 123 4567',
    );
    expect((await client.put('/api/profile', { body: body({ phone: '+32 470 12 34 56' }) })).json().data.phone).toBe(
      '+32 470 12 34 56',
    );
    const cleared = await client.post('/api/profile', { body: { _method: 'PUT', ...body({ phone: '' }) }, as: 'form' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.phone).toBeNull();
    expect((await stored(user.id)).phone).toBeNull();
  });

  it.each([['0201234'], ['06-1234'], ['+31 6 1234 56789'], ['telefoon'], ['0'.repeat(40)]])(
    '422 on phone %j with the errors map, nothing changed',
    async (phone) => {
      const { user, client } = await t.signIn('mechanic');
      await client.put('/api/profile', { body: body({ phone: '0612345678' }) });
      const res = await client.put('/api/profile', { body: body({ phone, first_name: 'Anders' }) });
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res)).toEqual({ phone: [PHONE_TEXT.invalid] });
      const row = await stored(user.id);
      expect(row.phone).toBe('+31 6 12345678');
      expect(row.firstName).not.toBe('Anders');
    },
  );

  it('turns the malfunction mails off and on (1/0 from a form); left out it stays; only the own switch', async () => {
    const { user, client } = await t.signIn('customer', { customerId: t.customerA.chain.customer.id });
    const off = await client.post('/api/profile', {
      body: { _method: 'PUT', ...body({ malfunction_mails: '0' }) },
      as: 'form',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.malfunction_mails).toBe(false);
    expect((await stored(user.id)).malfunctionMails).toBe(false);
    expect((await stored(t.customerA.user.id)).malfunctionMails).toBe(true);
    expect((await client.put('/api/profile', { body: body() })).json().data.malfunction_mails).toBe(false);
    expect((await client.get('/api/profile')).json().data.malfunction_mails).toBe(false);
    const bad = await client.put('/api/profile', { body: body({ malfunction_mails: 'ja' }) });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)).toEqual({ malfunction_mails: [MSG.invalidChoice] });
    const on = await client.put('/api/profile', { body: body({ malfunction_mails: true }) });
    expect(on.json().data.malfunction_mails).toBe(true);
  });

  it('401 without a session, 419 without the CSRF token', async () => {
    expect((await t.visitor.put('/api/profile', { body: body({ phone: '0612345678' }) })).statusCode).toBe(401);
    const { user, client } = await t.signIn('customer', { customerId: t.customerA.chain.customer.id });
    const res = await client.put('/api/profile', { body: body({ phone: '0612345678' }), csrf: false });
    expect(res.statusCode).toBe(419);
    expect((await stored(user.id)).phone).toBeNull();
  });
});
