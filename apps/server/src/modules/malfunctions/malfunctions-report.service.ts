import {
  MALFUNCTION_TEXT,
  MAX_MALFUNCTION_PHOTOS,
  MALFUNCTIONS_PER_HOUR,
  MalfunctionInputSchema,
  type OwnMalfunction,
} from '@keurwijzer/shared/malfunctions';
import type { Actor } from '../../lib/actor';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { parseFields } from '../../lib/form-fields';
import type { ImageIntake, ProcessedImage } from '../../lib/image-intake';
import type { OfficeMail } from '../../lib/office-mail';
import { newMalfunctionMail } from '../../lib/mail-templates';
import type { Storage } from '../../lib/storage';
import { malfunctionsPolicy } from './malfunctions.policy';
import type { MalfunctionsRepository, PhotoValues } from './malfunctions.repository';
import { bytesOf, photoFiles, photoValuesOf, type AfterCommit, type ReportBody } from './malfunctions-uploads';

export type ReportDeps = {
  repo: MalfunctionsRepository;
  storage: Storage;
  /** The office, told of a new malfunction (lib/office-mail.ts). */
  officeMail: OfficeMail;
  appUrl: string;
  /** The one image intake (lib/image-intake.ts): upload slots, decode queue, storage quota. */
  intake: ImageIntake;
  /** The response deadline of a malfunction reported at that instant (lib/working-days.ts, MALFUNCTION_CUTOFF). */
  respondBy: (reportedAt: Date) => Date;
};

/**
 * A new malfunction, by a customer user on its own machine in use or anonymously through the
 * machine's QR label: its photos stored (within the customer's quota), its row written, and the
 * office's mail after the commit.
 */
export function createMalfunctionReports({ repo, storage, officeMail, appUrl, intake, respondBy }: ReportDeps) {
  const photoStore = photoFiles(storage);

  /**
   * Stores the photos, then the row through `insert` (given the report's moment, its deadline
   * and the photos' rows); the files are removed again when no row was written (a falsy id).
   */
  async function store<Id extends number | null>(
    customerId: number,
    images: ProcessedImage[],
    insert: (values: { reportedAt: Date; respondBy: Date; photos: PhotoValues[] }) => Promise<Id>,
  ): Promise<Id> {
    await intake.assertRoom(customerId, bytesOf(images));
    await photoStore.store(images);
    let id: Id;
    // The deadline counts from the moment stored as the report's (created_at).
    const reportedAt = new Date();
    try {
      id = await insert({ reportedAt, respondBy: respondBy(reportedAt), photos: images.map(photoValuesOf) });
    } catch (err) {
      await photoStore.remove(images);
      throw err;
    }
    if (!id) await photoStore.remove(images);
    return id;
  }

  /** The office's mail of a new malfunction, after the commit. */
  const mailOffice =
    (id: number): AfterCommit =>
    async () => {
      const facts = await repo.mailFacts(id);
      if (!facts) return;
      await officeMail.send({ kind: 'malfunction_reported', ...newMalfunctionMail(facts, appUrl) });
    };

  return {
    /**
     * A customer user's report on its own machine in use. `read` gives the body; it is called
     * only after the checks: the machine (404 as a missing one), the throttle (429), and, for a
     * body that can hold a photo (`mayHoldFiles`), one of the user's upload slots (429), so a
     * refused report's body is never read. The throttle is decided again inside the insert's
     * transaction under a lock per user (the repository): parallel reports cannot pass it.
     */
    async report(
      actor: Actor,
      machineId: number,
      read: () => Promise<ReportBody>,
      mayHoldFiles: boolean,
    ): Promise<{ data: OwnMalfunction; afterCommit: AfterCommit }> {
      const customerId = malfunctionsPolicy.ownCustomer(actor);
      const machine = await repo.reportableMachine(customerId, machineId);
      if (!machine) throw notFound();
      if ((await repo.reportsOfLastHour(actor.id)) >= MALFUNCTIONS_PER_HOUR) {
        throw new AppError(429, MALFUNCTION_TEXT.throttled);
      }
      const release = mayHoldFiles ? intake.slot(actor.id) : () => {};
      const images: ProcessedImage[] = [];
      let input;
      try {
        const { fields, files } = await read();
        input = parseFields(MalfunctionInputSchema, fields);
        const photos = files.filter((f) => f.fieldname === 'photos');
        if (photos.length !== files.length) throw fieldError('photos', MALFUNCTION_TEXT.tooManyPhotos);
        if (photos.length > MAX_MALFUNCTION_PHOTOS) throw fieldError('photos', MALFUNCTION_TEXT.tooManyPhotos);
        // Each refusal names its photo (`photos.0`, `photos.1`, ...), so the form shows it under that one.
        for (const [i, photo] of photos.entries()) {
          images.push(await intake.decode(`malfunctions/${machineId}`, photo.data, `photos.${i}`));
        }
      } finally {
        release();
      }
      const id = await store(customerId, images, (stored) =>
        repo.report({
          customerId,
          machineId,
          reportedBy: actor.id,
          description: input.description,
          remark: input.remark,
          urgent: input.urgency === 'urgent',
          contactPhone: input.contact_phone,
          ...stored,
        }),
      );
      if (id === null) throw new AppError(429, MALFUNCTION_TEXT.throttled);
      if (!id) throw notFound();
      const data = (await repo.own(customerId, id)) as OwnMalfunction;
      return { data, afterCommit: mailOffice(id) };
    },

    /**
     * A malfunction reported through the machine's QR label by someone without an account (the
     * labels module found the machine, throttled the request and decoded the photo through the
     * one image intake): stored as anonymous with the reporter's name and contact, and mailed to
     * the office after the commit like every new malfunction. 404 when the machine was archived
     * meanwhile; 413 past the customer's storage quota.
     */
    async reportAnonymous(values: {
      machine: { id: number; customerId: number };
      reporterName: string;
      reporterContact: string;
      description: string;
      /** "Machine staat stil" (the public form may ask; not asked: false). */
      urgent?: boolean;
      images: ProcessedImage[];
    }): Promise<{ id: number; afterCommit: AfterCommit }> {
      const { machine, images } = values;
      const id = await store(machine.customerId, images, (stored) =>
        repo.reportAnonymous({
          customerId: machine.customerId,
          machineId: machine.id,
          reporterName: values.reporterName,
          reporterContact: values.reporterContact,
          description: values.description,
          urgent: values.urgent ?? false,
          ...stored,
        }),
      );
      if (!id) throw notFound();
      return { id, afterCommit: mailOffice(id) };
    },
  };
}
