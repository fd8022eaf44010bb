import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sharp, solidImage } from '../../../test-support/images';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  REPORT_TEXT,
  ReportDetailSchema,
  ReportSignatureSchema,
  SIGNATURE_CLOCK_SKEW_MS,
  SIGNATURE_TEXT,
  type ReportDetail,
  type SignatureRole,
} from '@keurwijzer/shared/reports';
import { TEXT } from '@keurwijzer/shared/texts';
import { reportSignatures } from '../../db/schema/report-signatures';
import type { TestClient } from '../../test/client';
import { createPlacementChain, type PlacementChain } from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { plannedReport } from '../tasklists/tasklists.test-helpers';
import { reportPath, reportsApi } from './reports.test-helpers';

/**
 * Signatures at "Rapport afronden": POST /api/reports/:id/signatures/:role (multipart:
 * a PNG `signature`, `signer_name`, `signed_at`), GET its image for the staff, the portal's GET
 * under its own machine's submitted report, the read model's `signatures` and the PDF's block.
 */
const t = useTestApp();
const api = reportsApi(t);

const signaturePath = (id: number | string, role: string) => `${reportPath(id)}/signatures/${role}`;
const SIGNED_AT = '2026-11-20T10:15:00.000Z';

/** A pad's drawing: a black stroke on a transparent canvas. */
const padPng = (width = 300, height = 100) =>
  solidImage(width, height, { r: 0, g: 0, b: 0, alpha: 0 }, 4)
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><path d="M10 ${height - 20} C 60 10, 120 90, ${width - 10} 20" stroke="black" stroke-width="4" fill="none"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string; type: string };

/** A multipart POST as the web app's outbox sends it (FormData of the fields, the blob and `_method=PUT`). */
async function putSignature(
  client: TestClient,
  id: number | string,
  role: string,
  parts: Part[],
  opts: { csrf?: boolean } = {},
) {
  const boundary = '----kwsig' + Math.random().toString(16).slice(2);
  const chunks = parts.flatMap((p) =>
    'file' in p
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
          ),
          p.file,
          Buffer.from('\r\n'),
        ]
      : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`)],
  );
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': `multipart/form-data; boundary=${boundary}`,
    ...client.authHeaders(),
  };
  if (opts.csrf === false) delete headers['x-csrf-token'];
  return t.app.inject({
    method: 'POST',
    url: signaturePath(id, role),
    headers,
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
  });
}

const signatureParts = async (name: string, file?: Buffer, signedAt = SIGNED_AT): Promise<Part[]> => [
  { name: 'signature', file: file ?? (await padPng()), filename: 'blob', type: 'image/png' },
  { name: 'signer_name', value: name },
  { name: 'signed_at', value: signedAt },
  { name: '_method', value: 'PUT' },
];

/** Signs (200) and returns the answer's signature. */
async function sign(client: TestClient, id: number, role: SignatureRole, name: string, file?: Buffer) {
  const res = await putSignature(client, id, role, await signatureParts(name, file));
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: unknown; message: string };
  expect(body.message).toBe(SIGNATURE_TEXT.saved);
  return ReportSignatureSchema.strict().parse(body.data);
}

/** A report of one question on `place`, answered. */
async function answeredReport(place?: PlacementChain) {
  const c = place ?? (await createPlacementChain(t.db));
  const planned = await plannedReport(t, c, { categories: 1, questions: 2 });
  await api.answerAll(planned.reportId);
  return planned;
}

const storedRows = (reportId: number) =>
  t.db.select().from(reportSignatures).where(eq(reportSignatures.reportId, reportId));

describe('POST /api/reports/:id/signatures/:role', () => {
  it("stores the mechanic's signature as a PNG flattened on white, with who and when", async () => {
    const { reportId } = await answeredReport();
    const data = await sign(t.mechanic, reportId, 'mechanic', '  Piet Monteur  ');
    expect(data).toEqual({
      role: 'mechanic',
      signer_name: 'Piet Monteur',
      signed_at: SIGNED_AT,
      url: signaturePath(reportId, 'mechanic'),
    });
    const image = await t.mechanic.get(signaturePath(reportId, 'mechanic'));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(meta.hasAlpha).toBe(false);
    expect([meta.width, meta.height]).toEqual([300, 100]);
    // The transparent corner is white now, the stroke still dark.
    const { data: pixels, info } = await sharp(image.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([...pixels.subarray(0, 3)]).toEqual([255, 255, 255]);
    const darkest = Math.min(...Array.from({ length: info.width * info.height }, (_, i) => pixels[i * info.channels]!));
    expect(darkest).toBeLessThan(60);
    const [row] = await storedRows(reportId);
    expect(row).toMatchObject({ role: 'mechanic', signerName: 'Piet Monteur', width: 300, height: 100 });
    expect(row!.fileKey).toMatch(new RegExp(`^reports/${reportId}/signatures/[0-9a-f-]+\\.png$`));
    // The read model shows the signatures given at the submit: none while open.
    expect((await api.read(reportId)).signatures).toEqual([]);
  });

  it("replaces the role's signature while the report is open (one row per role)", async () => {
    const { reportId } = await answeredReport();
    await sign(t.mechanic, reportId, 'mechanic', 'Eerste Naam');
    const [first] = await storedRows(reportId);
    await sign(t.admin, reportId, 'mechanic', 'Tweede Naam', await padPng(200, 80));
    await sign(t.mechanic, reportId, 'customer', 'Klaas Klant');
    const rows = await storedRows(reportId);
    expect(rows).toHaveLength(2);
    const mechanic = rows.find((r) => r.role === 'mechanic')!;
    expect(mechanic).toMatchObject({ signerName: 'Tweede Naam', width: 200, height: 80 });
    expect(mechanic.fileKey).not.toBe(first!.fileKey);
    // The replaced file is gone from the storage.
    expect(fs.existsSync(path.join(t.uploadDir, first!.fileKey))).toBe(false);
    expect(fs.existsSync(path.join(t.uploadDir, mechanic.fileKey))).toBe(true);
    const meta = await sharp((await t.mechanic.get(signaturePath(reportId, 'mechanic'))).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([200, 80]);
  });

  it('answers 409 once the report is submitted and changes nothing; the submit needs no signature', async () => {
    const { reportId } = await answeredReport();
    await sign(t.mechanic, reportId, 'mechanic', 'Piet Monteur');
    await api.submit(reportId);
    const before = await storedRows(reportId);
    for (const role of ['mechanic', 'customer'] as const) {
      const res = await putSignature(t.mechanic, reportId, role, await signatureParts('Iemand Anders'));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ message: REPORT_TEXT.alreadySubmitted, errors: {} });
    }
    expect(await storedRows(reportId)).toEqual(before);
    // The database refuses it too, whatever path writes (trigger report_signature_open).
    await expect(
      t.db.update(reportSignatures).set({ signerName: 'Vervalst' }).where(eq(reportSignatures.reportId, reportId)),
    ).rejects.toThrow();
    // An integration submits without signatures.
    const bare = await answeredReport();
    const submitted = await api.submit(bare.reportId);
    expect(submitted.signatures).toEqual([]);
  });

  it('answers 422 with the errors map for a file that is no PNG, too large, missing, and for a missing name or time', async () => {
    const { reportId } = await answeredReport();
    const jpeg = await solidImage(40, 20, 'white').jpeg().toBuffer();
    const cases: [string, Part[], Record<string, string[]>][] = [
      ['a JPEG', await signatureParts('Piet', jpeg), { signature: [SIGNATURE_TEXT.pngOnly] }],
      [
        'text named .png',
        await signatureParts('Piet', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')),
        { signature: [SIGNATURE_TEXT.pngOnly] },
      ],
      ['no file', (await signatureParts('Piet')).slice(1), { signature: [SIGNATURE_TEXT.missing] }],
      ['no name', await signatureParts('   '), { signer_name: ['Verplicht'] }],
      ['a long name', await signatureParts('x'.repeat(101)), { signer_name: ['Maximaal 100 tekens'] }],
      [
        'a bad time',
        await signatureParts('Piet', undefined, 'gisteren'),
        { signed_at: [REPORT_TEXT.invalidAnsweredAt] },
      ],
      [
        'a day that does not exist',
        await signatureParts('Piet', undefined, '2026-02-30T10:00:00Z'),
        {
          signed_at: [REPORT_TEXT.invalidAnsweredAt],
        },
      ],
    ];
    for (const [what, parts, errors] of cases) {
      const res = await putSignature(t.mechanic, reportId, 'mechanic', parts);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(422);
      expect(errorsOf(res), what).toEqual(errors);
    }
    // A PNG header on junk passes the first look but not the decoder.
    const junk = Buffer.concat([(await padPng()).subarray(0, 16), Buffer.alloc(200, 7)]);
    const broken = await putSignature(t.mechanic, reportId, 'mechanic', await signatureParts('Piet', junk));
    expect(broken.statusCode, broken.body).toBe(422);
    expect(Object.keys(errorsOf(broken))).toEqual(['signature']);
    // Over 512 KB: refused while it streams in.
    const big = Buffer.concat([await padPng(), Buffer.alloc(530 * 1024, 1)]);
    const tooLarge = await putSignature(t.mechanic, reportId, 'mechanic', await signatureParts('Piet', big));
    expect(tooLarge.statusCode, tooLarge.body).toBe(422);
    expect(errorsOf(tooLarge)).toEqual({ signature: [SIGNATURE_TEXT.tooLarge] });
    // A JSON body is no upload; an unknown role is no route's (404, as for a junk id).
    const json = await t.mechanic.post(signaturePath(reportId, 'mechanic'), { body: { signer_name: 'Piet' } });
    expect(json.statusCode).toBe(422);
    expect(errorsOf(json)).toEqual({ signature: [SIGNATURE_TEXT.missing] });
    const role = await putSignature(t.mechanic, reportId, 'getuige', await signatureParts('Piet'));
    expect(role.statusCode).toBe(404);
    expect(await storedRows(reportId)).toEqual([]);
  });

  it("refuses a signature dated in the future (422); a clock just ahead within the tolerance is stored as the server's time", async () => {
    const { reportId } = await answeredReport();
    const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();
    for (const signedAt of [ahead(3 * 24 * 3600_000), ahead(SIGNATURE_CLOCK_SKEW_MS + 60_000)]) {
      const res = await putSignature(
        t.mechanic,
        reportId,
        'mechanic',
        await signatureParts('Piet', undefined, signedAt),
      );
      expect(res.statusCode, `${signedAt}: ${res.body}`).toBe(422);
      expect(errorsOf(res)).toEqual({ signed_at: [SIGNATURE_TEXT.future] });
    }
    expect(await storedRows(reportId)).toEqual([]);

    const before = Date.now();
    const res = await putSignature(
      t.mechanic,
      reportId,
      'mechanic',
      await signatureParts('Piet', undefined, ahead(SIGNATURE_CLOCK_SKEW_MS - 60_000)),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = Date.now();
    const answered = Date.parse((res.json() as { data: { signed_at: string } }).data.signed_at);
    const [row] = await storedRows(reportId);
    expect(row!.signedAt.getTime()).toBe(answered);
    // Not the device's time ahead: the server's, when it stored it.
    expect(answered).toBeGreaterThanOrEqual(before - 1000);
    expect(answered).toBeLessThanOrEqual(after);
  });

  it('answers 404 for a missing report', async () => {
    const res = await putSignature(t.mechanic, 999_999, 'mechanic', await signatureParts('Piet'));
    expect(res.statusCode).toBe(404);
  });

  it('answers 401 without a session, 403 to customer users, 419 without the CSRF token', async () => {
    const { reportId } = await answeredReport(t.customerA.chain);
    const anonymous = await putSignature(t.visitor, reportId, 'mechanic', await signatureParts('Piet'));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: TEXT.unauthenticated, errors: {} });
    for (const { client } of [t.customerA, t.customerB]) {
      const res = await putSignature(client, reportId, 'customer', await signatureParts('Klant'));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: TEXT.forbidden, errors: {} });
      expect((await client.get(signaturePath(reportId, 'mechanic'))).statusCode).toBe(403);
    }
    const noToken = await putSignature(t.mechanic, reportId, 'mechanic', await signatureParts('Piet'), { csrf: false });
    expect(noToken.statusCode).toBe(419);
    expect(noToken.json()).toEqual({ message: TEXT.csrf, errors: {} });
    expect((await t.visitor.get(signaturePath(reportId, 'mechanic'))).statusCode).toBe(401);
    expect(await storedRows(reportId)).toEqual([]);
  });
});

describe('the read model, the portal and the PDF', () => {
  /** A submitted report of customer A's machine, signed by the mechanic and the customer's contact. */
  async function signedReport() {
    const planned = await answeredReport(t.customerA.chain);
    await sign(t.mechanic, planned.reportId, 'mechanic', 'Piet Monteur');
    await sign(t.mechanic, planned.reportId, 'customer', 'Karin Klant');
    const submitted = await api.submit(planned.reportId);
    return { ...planned, submitted };
  }

  it("gives the staff both signatures of a submitted report, the mechanic's first, and their images", async () => {
    const { reportId, submitted } = await signedReport();
    const expected = [
      { role: 'mechanic', signer_name: 'Piet Monteur', signed_at: SIGNED_AT, url: signaturePath(reportId, 'mechanic') },
      { role: 'customer', signer_name: 'Karin Klant', signed_at: SIGNED_AT, url: signaturePath(reportId, 'customer') },
    ];
    expect(submitted.signatures).toEqual(expected);
    for (const client of [t.mechanic, t.admin, t.superAdmin]) {
      const read = ReportDetailSchema.strict().parse((await client.get(reportPath(reportId))).json().data);
      expect(read.signatures).toEqual(expected);
      for (const s of read.signatures) {
        const res = await client.get(s.url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
      }
    }
    // A role without a signature, or a missing report: 404.
    const bare = await answeredReport();
    expect((await t.mechanic.get(signaturePath(bare.reportId, 'customer'))).statusCode).toBe(404);
    expect((await t.mechanic.get(signaturePath(999_999, 'mechanic'))).statusCode).toBe(404);
  });

  it("gives customer A its own report's signatures through the portal's routes; B gets 404", async () => {
    const { reportId, machine } = await signedReport();
    const own = `/api/machines/${machine.id}/reports/${reportId}`;
    const res = await t.customerA.client.get(own);
    expect(res.statusCode, res.body).toBe(200);
    const report: ReportDetail = ReportDetailSchema.strict().parse(res.json().data);
    expect(report.signatures.map((s) => [s.role, s.signer_name, s.url])).toEqual([
      ['mechanic', 'Piet Monteur', `${own}/signatures/mechanic`],
      ['customer', 'Karin Klant', `${own}/signatures/customer`],
    ]);
    for (const s of report.signatures) {
      const image = await t.customerA.client.get(s.url, { csrf: false });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      // Customer B: the 404 of a missing one, by its own machine's path or A's.
      const other = await t.customerB.client.get(s.url);
      expect(other.statusCode).toBe(404);
      expect(other.rawPayload.subarray(0, 4).toString('hex')).not.toBe('89504e47');
      // Staff use their own route; the portal's is for customer users.
      expect((await t.mechanic.get(s.url)).statusCode).toBe(403);
      expect((await t.visitor.get(s.url)).statusCode).toBe(401);
    }
    const bMachine = (await answeredReport(t.customerB.chain)).machine;
    expect(
      (await t.customerB.client.get(`/api/machines/${bMachine.id}/reports/${reportId}/signatures/mechanic`)).statusCode,
    ).toBe(404);
  });

  it("answers the portal 404 for an open report's signature", async () => {
    const { reportId, machine } = await answeredReport(t.customerA.chain);
    await sign(t.mechanic, reportId, 'mechanic', 'Piet Monteur');
    const res = await t.customerA.client.get(`/api/machines/${machine.id}/reports/${reportId}/signatures/mechanic`);
    expect(res.statusCode).toBe(404);
  });

  it('prints both signatures with their names and images on the PDF; "Niet ondertekend" without', async () => {
    const { reportId, machine } = await signedReport();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-signature-'));
    const pdfOf = async (client: TestClient, url: string) => {
      const res = await client.get(url);
      expect(res.statusCode, res.body).toBe(200);
      const file = path.join(dir, `r${Math.random().toString(16).slice(2)}.pdf`);
      fs.writeFileSync(file, res.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
        .split('\n')
        .slice(2)
        .filter((line) => line.trim() !== '');
      return { text, images };
    };
    for (const [client, url] of [
      [t.admin, `${reportPath(reportId)}/pdf`],
      [t.customerA.client, `/api/machines/${machine.id}/reports/${reportId}/pdf`],
    ] as const) {
      const { text, images } = await pdfOf(client, url);
      for (const s of [
        SIGNATURE_TEXT.mechanic,
        SIGNATURE_TEXT.customer,
        'Piet Monteur',
        'Karin Klant',
        '20-11-2026 11:15',
      ]) {
        expect(text, s).toContain(s);
      }
      expect(text).not.toContain(SIGNATURE_TEXT.notSigned);
      // Two signature images (the machine has none).
      expect(images).toHaveLength(2);
    }
    const bare = await answeredReport();
    await api.submit(bare.reportId);
    const { text, images } = await pdfOf(t.admin, `${reportPath(bare.reportId)}/pdf`);
    expect(text).toContain(SIGNATURE_TEXT.mechanic);
    expect(text).toContain(SIGNATURE_TEXT.notSigned);
    expect(text).not.toContain(SIGNATURE_TEXT.customer);
    expect(images).toHaveLength(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
