import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sharp, solidImage } from '../../../test-support/images';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  MAX_PHOTOS_PER_QUESTION,
  PHOTO_MAX_SIDE,
  PHOTO_TEXT,
  REPORT_TEXT,
  ReportDetailSchema,
  type ReportPhoto,
} from '@keurwijzer/shared/reports';
import { reportPhotos } from '../../db/schema/report-photos';
import type { TestClient } from '../../test/client';
import { createPlacementChain, type PlacementChain } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { plannedReport } from '../tasklists/tasklists.test-helpers';
import { MISSING, reportPath, reportsApi } from './reports.test-helpers';

/**
 * The photos of a report's answers: POST /api/reports/:id/questions/:questionId/photos/
 * :photoId (multipart `photo`, `taken_at`; idempotent per photo id), GET and DELETE
 * /api/reports/:id/photos/:photoId, the customer portal's GET /api/machines/:id/reports/:reportId/
 * photos/:photoId, the photos in the read model and in the PDF.
 */
const t = useTestApp();
const api = reportsApi(t);
const run = promisify(execFile);

/** A photo-like JPEG with a colour gradient (so it is not a flat colour). */
const photo = (width = 640, height = 480) =>
  solidImage(width, height, { r: 30, g: 120, b: 200 })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><rect x="0" y="0" width="${width / 2}" height="${height / 2}" fill="#c81"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 80 })
    .toBuffer();

const uploadPath = (id: number, questionId: number, photoId: string) =>
  `/api/reports/${id}/questions/${questionId}/photos/${photoId}`;
const photoPath = (id: number, photoId: string) => `/api/reports/${id}/photos/${photoId}`;

/** POST of one photo as the outbox sends it: multipart `photo` and `taken_at`. */
async function upload(
  client: TestClient,
  url: string,
  opts: { data?: Buffer; takenAt?: string; csrf?: boolean; field?: string } = {},
) {
  const boundary = '----kwphoto' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'photo'}"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    opts.data ?? (await photo()),
    Buffer.from('\r\n'),
  ];
  if (opts.takenAt !== undefined) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="taken_at"\r\n\r\n${opts.takenAt}\r\n`),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': `multipart/form-data; boundary=${boundary}`,
    ...client.authHeaders(),
  };
  if (opts.csrf === false) delete headers['x-csrf-token'];
  return t.app.inject({ method: 'POST', url, headers, payload: Buffer.concat(parts) });
}

/** A planned report of `place` with 2 categories of 2 questions; its first question. */
async function openReport(place?: PlacementChain) {
  const planned = await plannedReport(t, place ?? (await createPlacementChain(t.db)), { categories: 2, questions: 2 });
  const report = await api.read(planned.reportId);
  return { ...planned, report, question: report.categories[0]!.questions[0]!.id };
}

const photosOfQuestion = async (reportId: number, questionId: number, client: TestClient = t.mechanic) => {
  const report = ReportDetailSchema.strict().parse(await api.read(reportId, client));
  return report.categories.flatMap((c) => c.questions).find((q) => q.id === questionId)!.photos;
};

/** Files stored under the report's storage folder. */
const storedFiles = (reportId: number) => {
  const dir = path.join(t.uploadDir, 'reports', String(reportId));
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('POST /api/reports/:id/questions/:questionId/photos/:photoId', () => {
  it('stores the photo through the image intake (re-encoded, at most 2048 px) and shows it in the read model', async () => {
    const { reportId, question } = await openReport();
    const id = randomUUID();
    const takenAt = '2026-11-20T09:15:00.000Z';
    const res = await upload(t.mechanic, uploadPath(reportId, question, id), {
      data: await photo(3000, 1500),
      takenAt,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { data: ReportPhoto; message: string };
    expect(body.message).toBe(PHOTO_TEXT.added);
    expect(body.data).toEqual({
      id,
      url: photoPath(reportId, id),
      width: expect.any(Number),
      height: expect.any(Number),
      created_at: takenAt,
    });
    expect(Math.max(body.data.width, body.data.height)).toBeLessThanOrEqual(PHOTO_MAX_SIDE);
    expect(body.data.width).toBe(2 * body.data.height);

    expect(await photosOfQuestion(reportId, question)).toEqual([body.data]);
    const file = await t.admin.get(body.data.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toContain('no-store');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.width).toBe(body.data.width);
    expect(meta.exif).toBeUndefined();
    const thumb = await t.mechanic.get(`${body.data.url}?thumb=1`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBeLessThanOrEqual(320);
    expect(storedFiles(reportId)).toHaveLength(2);
  });

  it('answers a replay (same photo id) 200 with the same photo and stores nothing twice', async () => {
    const { reportId, question } = await openReport();
    const id = randomUUID();
    const first = await upload(t.mechanic, uploadPath(reportId, question, id), { takenAt: new Date().toISOString() });
    expect(first.statusCode, first.body).toBe(201);
    for (let i = 0; i < 2; i++) {
      const again = await upload(t.mechanic, uploadPath(reportId, question, id), { takenAt: new Date().toISOString() });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data).toEqual(first.json().data);
    }
    expect(await t.db.$count(reportPhotos, eq(reportPhotos.reportId, reportId))).toBe(1);
    expect(storedFiles(reportId)).toHaveLength(2);
    // The same id under another question is not a replay.
    const other = await api.read(reportId);
    const elsewhere = await upload(t.mechanic, uploadPath(reportId, other.categories[1]!.questions[0]!.id, id));
    expect(elsewhere.statusCode, elsewhere.body).toBe(409);
    expect(elsewhere.json().message).toBe(PHOTO_TEXT.otherQuestion);
  });

  it(`takes at most ${MAX_PHOTOS_PER_QUESTION} photos per question; another question has its own`, async () => {
    const { reportId, question, report } = await openReport();
    for (let i = 0; i < MAX_PHOTOS_PER_QUESTION; i++) {
      expect((await upload(t.mechanic, uploadPath(reportId, question, randomUUID()))).statusCode).toBe(201);
    }
    const fifth = await upload(t.mechanic, uploadPath(reportId, question, randomUUID()));
    expect(fifth.statusCode, fifth.body).toBe(422);
    expect(fifth.json()).toMatchObject({ message: PHOTO_TEXT.max, errors: { photo: [PHOTO_TEXT.max] } });
    const second = report.categories[0]!.questions[1]!.id;
    expect((await upload(t.mechanic, uploadPath(reportId, second, randomUUID()))).statusCode).toBe(201);
    expect(await photosOfQuestion(reportId, question)).toHaveLength(MAX_PHOTOS_PER_QUESTION);
  });

  it('stores exactly 4 of 6 parallel uploads to one question (PostgreSQL runs them at once); the others 422', async () => {
    const { reportId, question } = await openReport();
    // Six mechanics, so no user's upload slots (2 at once) refuse one of them first.
    const clients = await Promise.all(Array.from({ length: 6 }, async () => (await t.signIn('mechanic')).client));
    const data = await photo(800, 600);
    const answers = await Promise.all(
      clients.map((c) => upload(c, uploadPath(reportId, question, randomUUID()), { data })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes, answers.map((a) => a.body).join('\n')).toEqual([201, 201, 201, 201, 422, 422]);
    for (const refused of answers.filter((a) => a.statusCode === 422))
      expect(refused.json().message).toBe(PHOTO_TEXT.max);
    expect(await t.db.$count(reportPhotos, eq(reportPhotos.reportQuestionId, question))).toBe(4);
    // The refused uploads' files are removed again.
    expect(storedFiles(reportId)).toHaveLength(8);
  });

  it('answers 422 with the errors map for a bad photo id, not an image, no file and a bad taken_at', async () => {
    const { reportId, question } = await openReport();
    const bad = await upload(t.mechanic, `/api/reports/${reportId}/questions/${question}/photos/niet-een-uuid`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.photo_id).toEqual([PHOTO_TEXT.invalidId]);
    const text = await upload(t.mechanic, uploadPath(reportId, question, randomUUID()), {
      data: Buffer.from('geen foto'),
    });
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.photo).toBeDefined();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
    expect((await upload(t.mechanic, uploadPath(reportId, question, randomUUID()), { data: svg })).statusCode).toBe(
      422,
    );
    const noFile = await upload(t.mechanic, uploadPath(reportId, question, randomUUID()), { field: 'image' });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors.photo).toEqual([PHOTO_TEXT.missing]);
    const json = await t.mechanic.post(uploadPath(reportId, question, randomUUID()), { body: {} });
    expect(json.statusCode).toBe(422);
    const when = await upload(t.mechanic, uploadPath(reportId, question, randomUUID()), { takenAt: 'gisteren' });
    expect(when.statusCode).toBe(422);
    expect(when.json().errors.taken_at).toEqual([PHOTO_TEXT.invalidTakenAt]);
    expect(await t.db.$count(reportPhotos, eq(reportPhotos.reportId, reportId))).toBe(0);
    expect(storedFiles(reportId)).toHaveLength(0);
  });

  it('answers 404 for a question of another report and a report that does not exist', async () => {
    const { reportId } = await openReport();
    const other = await openReport();
    const res = await upload(t.mechanic, uploadPath(reportId, other.question, randomUUID()));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(REPORT_TEXT.questionMissing);
    expect((await upload(t.mechanic, uploadPath(MISSING, other.question, randomUUID()))).statusCode).toBe(404);
  });

  it('answers 401 without a session, 403 for a customer and 419 without the CSRF token', async () => {
    const { reportId, question } = await openReport();
    const url = uploadPath(reportId, question, randomUUID());
    expect((await upload(t.visitor, url)).statusCode).toBe(401);
    expect((await upload(t.customerA.client, url)).statusCode).toBe(403);
    expect((await upload(t.mechanic, url, { csrf: false })).statusCode).toBe(419);
    expect(await t.db.$count(reportPhotos, eq(reportPhotos.reportId, reportId))).toBe(0);
  });
});

describe('a submitted report keeps its photos', () => {
  it('answers 409 to a new photo and a delete once submitted; a replay of a stored one is still 200', async () => {
    const { reportId, question } = await openReport();
    const id = randomUUID();
    expect((await upload(t.mechanic, uploadPath(reportId, question, id))).statusCode).toBe(201);
    await api.answerAll(reportId);
    const submitted = await api.submit(reportId);
    expect(submitted.categories[0]!.questions[0]!.photos.map((p) => p.id)).toEqual([id]);

    const late = await upload(t.mechanic, uploadPath(reportId, question, randomUUID()));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(REPORT_TEXT.alreadySubmitted);
    expect((await upload(t.mechanic, uploadPath(reportId, question, id))).statusCode).toBe(200);
    const removed = await t.mechanic.delete(photoPath(reportId, id));
    expect(removed.statusCode).toBe(409);
    expect(await photosOfQuestion(reportId, question)).toHaveLength(1);
    expect(storedFiles(reportId)).toHaveLength(2);
  });
});

describe('GET /api/reports/:id/photos/:photoId', () => {
  it('serves staff who may read the report; 404 for another report, a missing photo or file; 401/403/422', async () => {
    const { reportId, question } = await openReport();
    const other = await openReport();
    const id = randomUUID();
    expect((await upload(t.mechanic, uploadPath(reportId, question, id))).statusCode).toBe(201);
    for (const client of [t.mechanic, t.admin, t.superAdmin]) {
      expect((await client.get(photoPath(reportId, id))).statusCode).toBe(200);
    }
    expect((await t.mechanic.get(photoPath(other.reportId, id))).statusCode).toBe(404);
    expect((await t.mechanic.get(photoPath(reportId, randomUUID()))).statusCode).toBe(404);
    // A junk id in the path is a 404 (as every junk path id); a junk query parameter 422.
    expect((await t.mechanic.get(photoPath(reportId, 'abc'))).statusCode).toBe(404);
    expect((await t.mechanic.get(`${photoPath(reportId, id)}?thumb=ja`)).statusCode).toBe(422);
    expect((await t.visitor.get(photoPath(reportId, id))).statusCode).toBe(401);
    expect((await t.customerA.client.get(photoPath(reportId, id))).statusCode).toBe(403);
    fs.rmSync(path.join(t.uploadDir, 'reports', String(reportId)), { recursive: true, force: true });
    expect((await t.mechanic.get(photoPath(reportId, id))).statusCode).toBe(404);
  });
});

describe('DELETE /api/reports/:id/photos/:photoId', () => {
  it('removes the photo and its files; again, or a photo never uploaded, is 200 too', async () => {
    const { reportId, question } = await openReport();
    const [keep, drop] = [randomUUID(), randomUUID()];
    for (const id of [keep, drop])
      expect((await upload(t.mechanic, uploadPath(reportId, question, id))).statusCode).toBe(201);
    const res = await t.mechanic.delete(photoPath(reportId, drop));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: null, message: PHOTO_TEXT.removed });
    expect((await photosOfQuestion(reportId, question)).map((p) => p.id)).toEqual([keep]);
    expect(storedFiles(reportId)).toHaveLength(2);
    expect((await t.mechanic.delete(photoPath(reportId, drop))).statusCode).toBe(200);
    expect((await t.mechanic.delete(photoPath(reportId, randomUUID()))).statusCode).toBe(200);
    // A photo of another report is not touched through this one.
    const other = await openReport();
    expect((await t.mechanic.delete(photoPath(other.reportId, keep))).statusCode).toBe(200);
    expect(await photosOfQuestion(reportId, question)).toHaveLength(1);
    // The same through the form's `_method` twin.
    const twin = await t.mechanic.post(photoPath(reportId, keep), { body: { _method: 'DELETE' }, as: 'form' });
    expect(twin.statusCode, twin.body).toBe(200);
    expect(await photosOfQuestion(reportId, question)).toEqual([]);
  });

  it('answers 404 without the report or for a junk id, 401/403/419', async () => {
    const { reportId, question } = await openReport();
    const id = randomUUID();
    expect((await upload(t.mechanic, uploadPath(reportId, question, id))).statusCode).toBe(201);
    expect((await t.mechanic.delete(photoPath(MISSING, id))).statusCode).toBe(404);
    expect((await t.mechanic.delete(photoPath(reportId, 'x'))).statusCode).toBe(404);
    expect((await t.visitor.delete(photoPath(reportId, id))).statusCode).toBe(401);
    expect((await t.customerA.client.delete(photoPath(reportId, id))).statusCode).toBe(403);
    expect((await t.mechanic.delete(photoPath(reportId, id), { csrf: false })).statusCode).toBe(419);
    expect(await photosOfQuestion(reportId, question)).toHaveLength(1);
  });
});

describe("the customer portal's report photos", () => {
  it("gives customer A its submitted report's photos under the portal's URLs; B gets 404, staff URLs 403", async () => {
    const a = await openReport(t.customerA.chain);
    const id = randomUUID();
    expect((await upload(t.mechanic, uploadPath(a.reportId, a.question, id))).statusCode).toBe(201);
    const portalReport = `/api/machines/${a.machine.id}/reports/${a.reportId}`;
    const portalPhoto = `${portalReport}/photos/${id}`;
    // Open: not the customer's to see yet.
    expect((await t.customerA.client.get(portalPhoto)).statusCode).toBe(404);
    await api.answerAll(a.reportId);
    await api.submit(a.reportId);

    const res = await t.customerA.client.get(portalReport);
    expect(res.statusCode, res.body).toBe(200);
    const report = ReportDetailSchema.strict().parse(res.json().data);
    const photos = report.categories[0]!.questions[0]!.photos;
    expect(photos).toEqual([expect.objectContaining({ id, url: portalPhoto })]);
    const file = await t.customerA.client.get(portalPhoto);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect((await t.customerA.client.get(`${portalPhoto}?thumb=1`)).headers['content-type']).toBe('image/webp');
    expect((await t.customerA.client.get(photoPath(a.reportId, id))).statusCode).toBe(403);
    // Customer B: not its machine, not its report.
    expect((await t.customerB.client.get(portalPhoto)).statusCode).toBe(404);
    const b = await openReport(t.customerB.chain);
    await api.answerAll(b.reportId);
    await api.submit(b.reportId);
    expect(
      (await t.customerB.client.get(`/api/machines/${b.machine.id}/reports/${a.reportId}/photos/${id}`)).statusCode,
    ).toBe(404);
    expect(
      (await t.customerB.client.get(`/api/machines/${b.machine.id}/reports/${b.reportId}/photos/${id}`)).statusCode,
    ).toBe(404);
    // Staff read the same report with the staff's URLs.
    expect((await photosOfQuestion(a.reportId, a.question, t.admin))[0]!.url).toBe(photoPath(a.reportId, id));
    // The portal's PDF has the photo too.
    const pdf = await t.customerA.client.get(`${portalReport}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect((await imagesOf(pdf.rawPayload)).length).toBeGreaterThanOrEqual(1);
  });
});

/** The images of a PDF as `pdfimages -list` lists them (poppler-utils): width and height each. */
async function imagesOf(pdf: Buffer): Promise<{ page: number; width: number; height: number }[]> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kw-photo-pdf-')), 'rapport.pdf');
  fs.writeFileSync(file, pdf);
  const { stdout } = await run('pdfimages', ['-list', file]);
  return stdout
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() && !/\bsmask\b/.test(line))
    .map((line) => {
      const [page, , , width, height] = line.trim().split(/\s+/);
      return { page: Number(page), width: Number(width), height: Number(height) };
    });
}

async function textOf(pdf: Buffer): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kw-photo-pdf-')), 'rapport.pdf');
  fs.writeFileSync(file, pdf);
  return (await run('pdftotext', ['-layout', file, '-'])).stdout;
}

describe('the report PDF with photos', () => {
  it('prints thumbnails beside the answers, without a photo page for a few', async () => {
    const { reportId, question, report } = await openReport();
    for (const q of [question, question, report.categories[1]!.questions[1]!.id]) {
      expect((await upload(t.mechanic, uploadPath(reportId, q, randomUUID()))).statusCode).toBe(201);
    }
    const res = await t.mechanic.get(`${reportPath(reportId)}/pdf`);
    expect(res.statusCode).toBe(200);
    const thumbs = (await imagesOf(res.rawPayload)).filter((i) => i.width <= 320 && i.height <= 320);
    expect(thumbs).toHaveLength(3);
    expect(await textOf(res.rawPayload)).not.toContain(PHOTO_TEXT.title);
  });

  it('adds a photo page ("Foto\'s") with more than 8 photos, each captioned with its question', async () => {
    const planned = await plannedReport(t, await createPlacementChain(t.db), { categories: 3, questions: 2 });
    const report = await api.read(planned.reportId);
    const questions = report.categories.flatMap((c) => c.questions);
    const data = await photo(1200, 900);
    // 2 photos for 5 questions: 10.
    for (const q of questions.slice(0, 5)) {
      for (let i = 0; i < 2; i++) {
        const res = await upload(t.mechanic, uploadPath(planned.reportId, q.id, randomUUID()), { data });
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    const res = await t.admin.get(`${reportPath(planned.reportId)}/pdf`);
    expect(res.statusCode).toBe(200);
    const images = await imagesOf(res.rawPayload);
    // 10 thumbnails beside the answers and 10 larger ones on the photo page.
    expect(images.filter((i) => i.width === 320)).toHaveLength(10);
    expect(images.filter((i) => i.width === 1000)).toHaveLength(10);
    const text = await textOf(res.rawPayload);
    expect(text).toContain(PHOTO_TEXT.title);
    const flat = text.replace(/\s+/g, ' ');
    for (const [i, q] of questions.slice(0, 5).entries()) {
      expect(flat).toContain(`Foto ${2 * i + 1} ·`);
      expect(flat).toContain(q.name);
    }
    expect(flat).toContain('Foto 10 ·');
  });
});
