import fs from 'node:fs';
import path from 'node:path';
import { sharp, solidImage } from '../../../test-support/images';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { machineImages } from '../../db/schema/machines';
import { pngClaiming } from '../../test/bodies';
import { TestClient } from '../../test/client';
import { createMachine, createPlacementChain } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp();

async function machineOf(name: string) {
  const chain = await createPlacementChain(t.db, name);
  const m = await createMachine(t.db, chain, { name: 'Kolomboor', inventoryNumber: `INV-${name}` });
  return {
    customerId: chain.customer.id,
    machineId: m.id,
    base: `/api/customers/${chain.customer.id}/machines/${m.id}/images`,
  };
}

/** A real photo-like JPEG with EXIF (camera and GPS-ish data) to check that it is stripped. */
const jpeg = (width = 2400, height = 1600) =>
  solidImage(width, height, { r: 190, g: 21, b: 34 })
    .withMetadata({ exif: { IFD0: { Make: 'TestCam', Copyright: 'secret place' } } })
    .jpeg()
    .toBuffer();

describe('machine images', () => {
  it('deletes an image once when ten deletes come at once: one 200, nine 404 (PostgreSQL overlaps them)', async () => {
    const m = await machineOf('Beeld race');
    const res = await t.admin.upload(m.base, 'image', {
      name: 'foto.jpg',
      type: 'image/jpeg',
      data: await jpeg(400, 300),
    });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json().data;
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.admin.delete(`${m.base}/${image.id}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(404)]);
    expect(await t.db.$count(machineImages, eq(machineImages.id, image.id))).toBe(0);
  });

  it('uploads a JPEG: re-encoded at most 2000 px without EXIF, a thumbnail, listed, served and deleted', async () => {
    const m = await machineOf('Beeld A');
    const res = await t.admin.upload(m.base, 'image', { name: 'foto.jpg', type: 'image/jpeg', data: await jpeg() });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json().data;
    expect(res.json().message).toBe('Afbeelding is toegevoegd');
    expect(image).toMatchObject({ content_type: 'image/jpeg', width: 2000, height: 1333 });

    const list = (await t.admin.get(m.base)).json().data;
    expect(list.map((i: { id: number }) => i.id)).toEqual([image.id]);

    const file = await t.admin.get(image.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(String(file.headers['content-disposition'])).toMatch(/^inline; filename="machine-\d+-\d+\.jpg"$/);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.width).toBe(2000);
    expect(meta.exif).toBeUndefined();
    const thumb = await t.admin.get(image.thumb_url);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBeLessThanOrEqual(320);

    const del = await t.admin.delete(`${m.base}/${image.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Afbeelding is verwijderd');
    expect((await t.admin.get(image.url)).statusCode).toBe(404);
    const [row] = await t.db.select().from(machineImages).where(eq(machineImages.id, image.id));
    expect(row).toBeUndefined();
    expect(fs.readdirSync(path.join(t.uploadDir, 'machines', String(m.machineId)))).toEqual([]);
  });

  it('accepts PNG and WebP', async () => {
    const m = await machineOf('Beeld B');
    const base = solidImage(50, 40, '#00ff00', 4);
    for (const [type, data] of [
      ['image/png', await base.clone().png().toBuffer()],
      ['image/webp', await base.clone().webp().toBuffer()],
    ] as const) {
      const res = await t.admin.upload(m.base, 'image', { name: 'x', type, data });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.content_type).toBe(type);
    }
  });

  it('refuses a non-image renamed to .png, an SVG and a missing file (422), and a file over 10 MB (413)', async () => {
    const m = await machineOf('Beeld C');
    const fake = await t.admin.upload(m.base, 'image', {
      name: 'factuur.png',
      type: 'image/png',
      data: Buffer.from('%PDF-1.7 not an image'),
    });
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors.image).toEqual(['Alleen afbeeldingen in JPEG, PNG of WebP zijn toegestaan']);
    const svg = await t.admin.upload(m.base, 'image', {
      name: 'logo.svg',
      type: 'image/svg+xml',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    expect(svg.statusCode).toBe(422);
    const none = await t.admin.post(m.base, { body: { image: 'geen bestand' } });
    expect(none.statusCode).toBe(422);
    const big = await t.admin.upload(m.base, 'image', {
      name: 'groot.jpg',
      type: 'image/jpeg',
      data: Buffer.alloc(10 * 1024 * 1024 + 10, 1),
    });
    expect(big.statusCode).toBe(413);
    expect(await t.db.$count(machineImages, eq(machineImages.machineId, m.machineId))).toBe(0);
  });

  it('refuses a small file that claims more than 50 megapixels (422) without decoding it', async () => {
    const m = await machineOf('Beeld bom');
    const res = await t.admin.upload(m.base, 'image', {
      name: 'bom.png',
      type: 'image/png',
      data: pngClaiming(30_000, 30_000),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ image: ['Deze afbeelding heeft te veel pixels (maximaal 50 megapixel)'] });
    expect((await t.admin.get(m.base)).json().data).toEqual([]);
  });

  it("a machine's images are not reachable through another customer, without session, CSRF or permission", async () => {
    const a = await machineOf('Beeld D');
    const b = await machineOf('Beeld E');
    const res = await t.admin.upload(a.base, 'image', { name: 'a.jpg', type: 'image/jpeg', data: await jpeg(100, 80) });
    const image = res.json().data;
    const foreign = `/api/customers/${b.customerId}/machines/${a.machineId}/images`;
    expect((await t.admin.get(foreign)).statusCode).toBe(404);
    expect((await t.admin.get(`${foreign}/${image.id}/file`)).statusCode).toBe(404);
    expect((await t.admin.delete(`${foreign}/${image.id}`)).statusCode).toBe(404);
    expect((await t.admin.get(`${b.base}/${image.id}/file`)).statusCode).toBe(404);
    expect(
      (await t.admin.upload(a.base, 'image', { name: 'a.jpg', type: 'image/jpeg', data: await jpeg(10, 10) }, false))
        .statusCode,
    ).toBe(419);
    expect((await new TestClient(t.app).get(image.url)).statusCode).toBe(401);
    for (const [role, other] of [
      ['mechanic', t.mechanic],
      ['customer', t.customerA.client],
    ] as const) {
      expect((await other.get(image.url)).statusCode, role).toBe(403);
      expect((await other.get(a.base)).statusCode, role).toBe(403);
    }
    expect((await t.admin.get(`${a.base}/abc/file`)).statusCode).toBe(404);
  });
});
