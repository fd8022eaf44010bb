import {
  MALFUNCTION_TEXT,
  MALFUNCTION_TRANSITIONS,
  MAX_MALFUNCTION_PHOTOS,
  MALFUNCTIONS_PER_HOUR,
  MalfunctionInputSchema,
  type MalfunctionDetail,
  type MalfunctionHandleInput,
  type MalfunctionListQuery,
  type OwnMalfunction,
  type OwnMalfunctionListQuery,
} from '@keurwijzer/shared/malfunctions';
import { TEXT } from '@keurwijzer/shared/texts';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import type { ImageFile, ImageIntake, ProcessedImage } from '../../lib/image-intake';
import type { MailSender } from '../../lib/mail-queue';
import type { OfficeMail } from '../../lib/office-mail';
import { newMalfunctionMail } from '../../lib/mail-templates';
import type { FormFields, UploadedFile } from '../../lib/multipart';
import type { Storage } from '../../lib/storage';
import { reporterUpdateOf, type ReporterMail } from './malfunctions-customer.service';
import { malfunctionsPolicy } from './malfunctions.policy';
import type { HandleChange, MalfunctionsRepository, PhotoRow } from './malfunctions.repository';

/** A photo file to send: its stream, type and a file name for Content-Disposition. */
export type PhotoFile = ImageFile;

/** The body of a report, read only after the checks (machine, throttle, upload slot). */
export type ReportBody = { fields: FormFields; files: UploadedFile[] };

/** Mail that goes out after the change is committed; the route sends it without waiting for it. */
export type AfterCommit = () => Promise<void>;

type Deps = {
  repo: MalfunctionsRepository;
  storage: Storage;
  mail: MailSender;
  /** The office, told of a new malfunction (lib/office-mail.ts). */
  officeMail: OfficeMail;
  appUrl: string;
  /** The one image intake (lib/image-intake.ts): upload slots, decode queue, storage quota. */
  intake: ImageIntake;
  /** The response deadline of a malfunction reported at that instant (lib/working-days.ts, MALFUNCTION_CUTOFF). */
  respondBy: (reportedAt: Date) => Date;
  /** The reporter's mails on a status change or a note for them (malfunctions-customer.service.ts). */
  reporterMail: ReporterMail;
  /** The mail to a new assignee, unless the actor assigned it to themselves (malfunctions-assigned.service.ts). */
  mailAssignee?: (malfunctionId: number, assigneeId: number, actorId: number) => Promise<void>;
};

/** The 422 of a form read outside Fastify's schema step, in the same shape (errors per field). */
function parseInput(fields: FormFields) {
  const result = MalfunctionInputSchema.safeParse(fields);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
  throw new AppError(422, TEXT.validation, errors);
}

/**
 * Malfunctions: the customer's report (its own machine in use, throttled per user in the
 * database, up to 3 photos checked and re-encoded as the machine images) and "Mijn storingen";
 * the office's list, open count, detail and handling (transitions, timeline). The policy decides
 * who reads what. Mails go out after the commit and never fail the request (AfterCommit).
 */
export function createMalfunctionsService({
  repo,
  storage,
  officeMail,
  appUrl,
  intake,
  respondBy,
  reporterMail,
  mailAssignee,
}: Deps) {
  async function fileOf(row: PhotoRow | undefined, thumb: boolean): Promise<PhotoFile> {
    if (!row) throw notFound();
    const stream = await storage.get(thumb ? row.thumbKey : row.fileKey);
    if (!stream) throw notFound();
    const ext = thumb ? 'webp' : row.fileKey.split('.').pop();
    return {
      stream,
      contentType: thumb ? 'image/webp' : row.contentType,
      fileName: `storing-${row.malfunctionId}-${row.id}${thumb ? '-klein' : ''}.${ext}`,
    };
  }

  async function removeFiles(images: ProcessedImage[]) {
    for (const image of images) {
      await storage.delete(image.fileKey);
      await storage.delete(image.thumbKey);
    }
  }

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
        input = parseInput(fields);
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
      await intake.assertRoom(
        customerId,
        images.reduce((sum, i) => sum + i.file.length, 0),
      );
      for (const image of images) {
        await storage.put(image.fileKey, image.file);
        await storage.put(image.thumbKey, image.thumb);
      }
      let id: number | null;
      // The deadline counts from the moment stored as the report's (created_at).
      const reportedAt = new Date();
      try {
        id = await repo.report({
          customerId,
          machineId,
          reportedBy: actor.id,
          description: input.description,
          remark: input.remark,
          urgent: input.urgency === 'urgent',
          contactPhone: input.contact_phone,
          reportedAt,
          respondBy: respondBy(reportedAt),
          photos: images.map((i) => ({
            fileKey: i.fileKey,
            thumbKey: i.thumbKey,
            contentType: i.contentType,
            size: i.file.length,
            width: i.width,
            height: i.height,
          })),
        });
      } catch (err) {
        await removeFiles(images);
        throw err;
      }
      if (!id) {
        await removeFiles(images);
        if (id === null) throw new AppError(429, MALFUNCTION_TEXT.throttled);
        throw notFound();
      }
      const data = (await repo.own(customerId, id)) as OwnMalfunction;
      const newId = id;
      return {
        data,
        afterCommit: async () => {
          const facts = await repo.mailFacts(newId);
          if (!facts) return;
          await officeMail.send({ kind: 'malfunction_reported', ...newMalfunctionMail(facts, appUrl) });
        },
      };
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
      await intake.assertRoom(
        machine.customerId,
        images.reduce((sum, i) => sum + i.file.length, 0),
      );
      for (const image of images) {
        await storage.put(image.fileKey, image.file);
        await storage.put(image.thumbKey, image.thumb);
      }
      let id: number;
      const reportedAt = new Date();
      try {
        id = await repo.reportAnonymous({
          customerId: machine.customerId,
          machineId: machine.id,
          reporterName: values.reporterName,
          reporterContact: values.reporterContact,
          description: values.description,
          urgent: values.urgent ?? false,
          reportedAt,
          respondBy: respondBy(reportedAt),
          photos: images.map((i) => ({
            fileKey: i.fileKey,
            thumbKey: i.thumbKey,
            contentType: i.contentType,
            size: i.file.length,
            width: i.width,
            height: i.height,
          })),
        });
      } catch (err) {
        await removeFiles(images);
        throw err;
      }
      if (!id) {
        await removeFiles(images);
        throw notFound();
      }
      const newId = id;
      return {
        id: newId,
        afterCommit: async () => {
          const facts = await repo.mailFacts(newId);
          if (!facts) return;
          await officeMail.send({ kind: 'malfunction_reported', ...newMalfunctionMail(facts, appUrl) });
        },
      };
    },

    /** "Mijn storingen": every malfunction of the user's customer (colleagues' included). */
    ownList(actor: Actor, query: OwnMalfunctionListQuery) {
      return repo.ownList(malfunctionsPolicy.ownCustomer(actor), query);
    },

    /** A photo of a malfunction of the user's customer; 404 for anything else. */
    async ownPhoto(actor: Actor, id: number, photoId: number, thumb: boolean): Promise<PhotoFile> {
      const customerId = malfunctionsPolicy.ownCustomer(actor);
      return fileOf(await repo.photo(id, photoId, customerId), thumb);
    },

    list(actor: Actor, query: MalfunctionListQuery) {
      malfunctionsPolicy.assertRead(actor);
      return repo.list(query);
    },

    async openCount(actor: Actor): Promise<{ count: number; late: number }> {
      malfunctionsPolicy.assertRead(actor);
      return repo.openCount();
    },

    async detail(actor: Actor, id: number): Promise<MalfunctionDetail> {
      malfunctionsPolicy.assertRead(actor);
      const detail = await repo.detail(id);
      if (!detail) throw notFound();
      return detail as MalfunctionDetail;
    },

    async photo(actor: Actor, id: number, photoId: number, thumb: boolean): Promise<PhotoFile> {
      malfunctionsPolicy.assertRead(actor);
      return fileOf(await repo.photo(id, photoId), thumb);
    },

    /**
     * The office's handling: a status per MALFUNCTION_TRANSITIONS (422 on `status` otherwise; 409
     * MALFUNCTION_TEXT.withdrawnByCustomer once the customer withdrew it), back to Open only with a reason (422 on `reason`), the notes (omitted: unchanged). The
     * actor becomes `handled_by`; a status change is a 'status' event, changed notes a 'note'
     * event. Decided on the locked row, so two changes at once never both start from one status.
     * A status change or a new note for the customer mails the reporting user after the commit
     * (reporterMail: one mail per change, unless they turned the mails off).
     */
    async handle(
      actor: Actor,
      id: number,
      input: MalfunctionHandleInput,
    ): Promise<{ data: MalfunctionDetail; afterCommit: AfterCommit }> {
      malfunctionsPolicy.assertWrite(actor);
      if (input.assigned_to != null && !(await repo.isAssignable(input.assigned_to))) {
        throw fieldError('assigned_to', MALFUNCTION_TEXT.notAssignable);
      }
      const result = await repo.handle(id, actor.id, (row): HandleChange | null => {
        const status = input.status ?? row.status;
        const events: HandleChange['events'] = [];
        if (status !== row.status) {
          // Withdrawn meanwhile (the office's screen still showed it open): say so, not "not possible".
          if (row.status === 'withdrawn') throw conflict(MALFUNCTION_TEXT.withdrawnByCustomer);
          if (!MALFUNCTION_TRANSITIONS[row.status].includes(status)) {
            throw fieldError('status', MALFUNCTION_TEXT.invalidTransition);
          }
          if (status === 'open' && !input.reason) throw fieldError('reason', MALFUNCTION_TEXT.reasonRequired);
          events.push({
            kind: 'status',
            fromStatus: row.status,
            toStatus: status,
            reason: status === 'open' ? input.reason : null,
          });
        }
        const internalNote = input.internal_note === undefined ? row.internalNote : input.internal_note;
        const customerNote = input.customer_note === undefined ? row.customerNote : input.customer_note;
        const internalChanged = internalNote !== row.internalNote;
        const customerChanged = customerNote !== row.customerNote;
        if (internalChanged || customerChanged) {
          // A cleared note is '' in the timeline (null there means "not changed").
          events.push({
            kind: 'note',
            internalNote: internalChanged ? (internalNote ?? '') : null,
            customerNote: customerChanged ? (customerNote ?? '') : null,
          });
        }
        const assignedTo = input.assigned_to === undefined ? row.assignedTo : input.assigned_to;
        if (assignedTo !== row.assignedTo) events.push({ kind: 'assigned', assignedTo });
        if (events.length === 0) return null;
        const responds = status !== row.status || customerChanged;
        return { status, internalNote, customerNote, assignedTo, responds, events };
      });
      if (!result) throw notFound();
      // The reporter hears of a status change and of a note for them (malfunctions-customer.service.ts).
      const update = reporterUpdateOf(result.before, result.change);
      return {
        data: result.detail as MalfunctionDetail,
        afterCommit: async () => {
          if (update) await reporterMail.send(id, update);
          // A new assignee hears of it.
          const assignee = result.change?.assignedTo;
          if (mailAssignee && assignee != null && assignee !== result.before.assignedTo) {
            await mailAssignee(id, assignee, actor.id);
          }
        },
      };
    },
  };
}

export type MalfunctionsService = ReturnType<typeof createMalfunctionsService>;
