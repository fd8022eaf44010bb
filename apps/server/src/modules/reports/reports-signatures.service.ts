import type { Readable } from 'node:stream';
import {
  REPORT_TEXT,
  SIGNATURE_CLOCK_SKEW_MS,
  SIGNATURE_TEXT,
  SignatureFieldsSchema,
  type ReportSignature,
  type SignatureRole,
} from '@keurwijzer/shared/reports';
import { deviceInstant } from '@keurwijzer/shared/device-time';
import { TEXT } from '@keurwijzer/shared/texts';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import { pngOnWhite, type ImageFile, type ImageIntake } from '../../lib/image-intake';
import type { FormFields } from '../../lib/multipart';
import type { Storage } from '../../lib/storage';
import { reportsPolicy } from './reports.policy';
import type { ReportsRepository } from './reports.repository';
import type { ReportSignaturesRepository, SignatureRow } from './reports-signatures.repository';

/** The signature's file part is named `signature`; a refusal of it is a 422 on that field. */
export const SIGNATURE_FIELD = 'signature';

/** The eight bytes every PNG starts with. */
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The staff's image route of a signature (the read model's `url`, reports.presenter.ts). */
export const signaturePath = (reportId: number, role: SignatureRole) => `/api/reports/${reportId}/signatures/${role}`;
/** The customer portal's image route of a signature of its own machine's submitted report. */
export const ownSignaturePath = (machineId: number, reportId: number, role: SignatureRole) =>
  `/api/machines/${machineId}/reports/${reportId}/signatures/${role}`;

/** What an upload brings: its form fields and the file part `signature` (null: none sent). */
export type SignatureUpload = { fields: FormFields; file: Buffer | null };

/** The fields and the file of an upload, checked together: one 422 naming every field that is wrong. */
function parseUpload(upload: SignatureUpload) {
  const errors: Record<string, string[]> = {};
  const result = SignatureFieldsSchema.safeParse(upload.fields);
  if (!result.success) {
    for (const issue of result.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
  }
  const signedAt = result.success ? deviceInstant(result.data.signed_at) : null;
  if (result.success && !signedAt) errors.signed_at = [REPORT_TEXT.invalidAnsweredAt];
  // Never later than the server's time: a little ahead is capped when stored (the repository's
  // least(…, now())), farther ahead is a wrong clock or a wrong date and is refused.
  else if (signedAt && Date.parse(signedAt) > Date.now() + SIGNATURE_CLOCK_SKEW_MS)
    errors.signed_at = [SIGNATURE_TEXT.future];
  if (!upload.file || upload.file.length === 0) errors[SIGNATURE_FIELD] = [SIGNATURE_TEXT.missing];
  else if (!upload.file.subarray(0, 8).equals(PNG_MAGIC)) errors[SIGNATURE_FIELD] = [SIGNATURE_TEXT.pngOnly];
  if (Object.keys(errors).length > 0 || !result.success || !signedAt || !upload.file) {
    throw new AppError(422, TEXT.validation, errors);
  }
  return { signerName: result.data.signer_name, signedAt, file: upload.file };
}

async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A signature image as the PDF prints it. */
export type SignatureImage = { role: SignatureRole; image: Buffer };

/**
 * The signatures of a report ("Rapport afronden"): the mechanic's and optionally the
 * customer contact's, one per role. PUT stores or replaces one while the report is open (409 once
 * it is submitted: a submitted report's signatures never change, also refused by the database's
 * trigger); the PNG is checked by its bytes and re-encoded by the ONE image intake, flattened on
 * white (a pad draws on a transparent canvas). Reading: the staff who may read the report, and a
 * customer user for its own machine's submitted reports (the portal's scope).
 */
export function createReportSignaturesService({
  db,
  reports,
  repo,
  storage,
  intake,
}: {
  db: Db;
  reports: ReportsRepository;
  repo: ReportSignaturesRepository;
  storage: Storage;
  intake: ImageIntake;
}) {
  const present = (row: SignatureRow): ReportSignature => ({
    role: row.role,
    signer_name: row.signer_name,
    signed_at: row.signed_at,
    url: signaturePath(row.report_id, row.role),
  });

  async function fileOf(row: SignatureRow | undefined): Promise<ImageFile> {
    const stream = row && (await storage.get(row.file_key));
    if (!row || !stream) throw notFound();
    return { stream, contentType: 'image/png', fileName: `handtekening-${row.report_id}-${row.role}.png` };
  }

  async function assertOpen(reportId: number) {
    const status = await reports.status(reportId);
    if (!status) throw notFound();
    if (status === 'submitted') throw conflict(REPORT_TEXT.alreadySubmitted);
  }

  return {
    /**
     * Stores the signature of `role` (replacing the one it had) while the report is open. `read`
     * gives the upload: called only after the checks (the report open, the user's uploads in
     * progress), so a refused upload's body is never read. The report is locked (as every change
     * of it is) when the row is written: a signature racing a submit lands before it or gets 409.
     */
    async put(actor: Actor, reportId: number, role: SignatureRole, read: () => Promise<SignatureUpload>) {
      reportsPolicy.assertWrite(actor);
      await assertOpen(reportId);
      const release = intake.slot(actor.id);
      let input: ReturnType<typeof parseUpload>;
      let png: { file: Buffer; width: number; height: number; fileKey: string };
      try {
        input = parseUpload(await read());
        png = await intake.decodeThen(`reports/${reportId}/signatures`, input.file, SIGNATURE_FIELD, async (image) => {
          // A PNG came in (checked above, and by its bytes in the intake); on white, as the PDF prints it.
          if (image.contentType !== 'image/png') throw fieldError(SIGNATURE_FIELD, SIGNATURE_TEXT.pngOnly);
          const { data, width, height } = await pngOnWhite(image.file);
          return { file: data, width, height, fileKey: image.fileKey };
        });
      } finally {
        release();
      }
      await storage.put(png.fileKey, png.file);
      let stored: Awaited<ReturnType<ReportSignaturesRepository['upsert']>>;
      try {
        stored = await db.transaction(async (tx) => {
          const status = await reports.lock(reportId, tx);
          if (!status) throw notFound();
          if (status === 'submitted') throw conflict(REPORT_TEXT.alreadySubmitted);
          return repo.upsert(
            reportId,
            {
              role,
              signerName: input.signerName,
              signedAt: input.signedAt,
              fileKey: png.fileKey,
              size: png.file.length,
              width: png.width,
              height: png.height,
              createdBy: actor.id,
            },
            tx,
          );
        });
      } catch (err) {
        await storage.delete(png.fileKey);
        throw err;
      }
      if (stored.replacedKey && stored.replacedKey !== png.fileKey) await storage.delete(stored.replacedKey);
      return present(stored.row);
    },

    /** The signature's PNG for the staff who may read the report; 404 without one. */
    async file(actor: Actor, reportId: number, role: SignatureRole): Promise<ImageFile> {
      const scope = reportsPolicy.readScope(actor);
      if ((await reports.machineOf(reportId, scope)) === undefined) throw notFound();
      return fileOf(await repo.find(reportId, role));
    },

    /**
     * The signature's PNG for a customer user (the portal): its own customer's submitted report
     * of its machine `machineId` in use (reports.policy.ts `portalScope`); 404 outside it, the
     * same as a missing one.
     */
    async ownFile(actor: Actor, machineId: number, reportId: number, role: SignatureRole): Promise<ImageFile> {
      const scope = reportsPolicy.portalScope(actor, machineId);
      if ((await reports.machineOf(reportId, scope)) === undefined) throw notFound();
      return fileOf(await repo.find(reportId, role));
    },

    /**
     * The images of the report's signatures for its PDF (a file gone from the storage is left
     * out). Who may read the report is the caller's decision (it has read the report).
     */
    async imagesOf(reportId: number): Promise<SignatureImage[]> {
      const out: SignatureImage[] = [];
      for (const row of await repo.list(reportId)) {
        const stream = await storage.get(row.file_key);
        if (stream) out.push({ role: row.role, image: await bufferOf(stream) });
      }
      return out;
    },
  };
}

export type ReportSignaturesService = ReturnType<typeof createReportSignaturesService>;
