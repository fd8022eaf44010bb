import { z } from 'zod';
import { SORT_ORDERS, listQuerySchema } from './api';
import { MSG, hasNoNul, idField, optionalText } from './validation';

/**
 * Malfunctions (storingen): a customer user reports a machine that breaks down; the office handles
 * it Open -> In behandeling -> Opgelost (and back to Open with a reason). Every change is kept
 * as an event of its timeline.
 *
 * Customer (permission 'own-machines.view'; the customer comes from the session, a machine or
 * malfunction of another customer answers 404, the same as a missing one):
 * - POST /api/machines/:id/malfunctions            multipart MalfunctionInput + up to 3 files `photos`
 *                                                  -> 201 OwnMalfunction, MALFUNCTION_TEXT.reported; 429 over the throttle
 * - GET  /api/own-malfunctions                     page of OwnMalfunction ("Mijn storingen"), query OwnMalfunctionListQuery
 * - GET  /api/own-malfunctions/:id/photos/:photoId/file   a photo (?thumb=1 for the thumbnail)
 * Office (permission 'malfunctions.view' to read, 'malfunctions.manage' to handle; admins):
 * - GET  /api/malfunctions                         page of Malfunction, query MalfunctionListQuery
 * - GET  /api/malfunctions/open-count              { data: { count } } (the navigation's badge)
 * - GET  /api/malfunctions/:id                     MalfunctionDetail
 * - PUT  /api/malfunctions/:id                     MalfunctionHandleInput -> MalfunctionDetail, MALFUNCTION_TEXT.updated
 * - GET  /api/malfunctions/:id/photos/:photoId/file
 * E-mails: every admin and super admin on a new malfunction; the reporting user when it becomes Opgelost.
 */
export const MALFUNCTION_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type MalfunctionStatus = (typeof MALFUNCTION_STATUSES)[number];
export const MALFUNCTION_STATUS_LABELS: Record<MalfunctionStatus, string> = {
  open: 'Open',
  in_progress: 'In behandeling',
  resolved: 'Opgelost',
};

/** Photos per malfunction; each checked as the machine images are (content, size, re-encoded). */
export const MAX_MALFUNCTION_PHOTOS = 3;
/** Malfunction reports per user per hour; more answer 429. */
export const MALFUNCTIONS_PER_HOUR = 20;
export const MAX_DESCRIPTION = 2000;

export const MALFUNCTION_TEXT = {
  reported: 'Storing gemeld',
  contact: 'Er wordt meestal binnen 1 werkdag contact met je opgenomen.',
  report: 'Storing melden',
  mine: 'Mijn storingen',
  updated: 'Storing is gewijzigd',
  throttled:
    'Je hebt het afgelopen uur al veel storingen gemeld. Probeer het later opnieuw of neem telefonisch contact op.',
  tooManyPhotos: `Maximaal ${MAX_MALFUNCTION_PHOTOS} foto's`,
  reasonRequired: 'Geef een reden op om de storing te heropenen',
  invalidTransition: 'Deze statuswijziging is niet mogelijk',
  machineOpenMalfunction: 'Open storing',
} as const;

/** Which status may follow which (the office's handling); back to Open needs a reason. */
export const MALFUNCTION_TRANSITIONS: Record<MalfunctionStatus, readonly MalfunctionStatus[]> = {
  open: ['in_progress', 'resolved'],
  in_progress: ['open', 'resolved'],
  resolved: ['open'],
};

const description = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required, abort: true })
    .max(MAX_DESCRIPTION, { error: `Maximaal ${MAX_DESCRIPTION} tekens` })
    .refine(hasNoNul, { error: MSG.invalidCharacters });

/** What a customer user fills in (the photos travel as file parts `photos`). */
export const MalfunctionInputSchema = z.object({
  description: description(),
  /** "Maximaal 255 tekens". */
  remark: optionalText(),
});
export type MalfunctionInput = z.output<typeof MalfunctionInputSchema>;
export type MalfunctionFormValues = z.input<typeof MalfunctionInputSchema>;

export const MalfunctionPhotoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  thumb_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type MalfunctionPhoto = z.infer<typeof MalfunctionPhotoSchema>;

/** A malfunction as the customer sees it (no internal note, no office names beyond "handled"). */
export const OwnMalfunctionSchema = z.object({
  id: z.number().int(),
  machine_id: z.number().int(),
  machine_name: z.string(),
  inventory_number: z.string(),
  description: z.string(),
  remark: z.string().nullable(),
  status: z.enum(MALFUNCTION_STATUSES),
  /** The office's note for the customer. */
  customer_note: z.string().nullable(),
  reported_by_name: z.string().nullable(),
  reported_at: z.string(),
  updated_at: z.string(),
  resolved_at: z.string().nullable(),
  photos: z.array(MalfunctionPhotoSchema),
});
export type OwnMalfunction = z.infer<typeof OwnMalfunctionSchema>;

/** A malfunction in the office's list. */
export const MalfunctionSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  location_name: z.string(),
  machine_id: z.number().int(),
  machine_name: z.string(),
  inventory_number: z.string(),
  description: z.string(),
  remark: z.string().nullable(),
  status: z.enum(MALFUNCTION_STATUSES),
  reported_by: z.number().int().nullable(),
  reported_by_name: z.string().nullable(),
  /**
   * Reported through the machine's QR label by someone without an account (issue 21): then
   * `reported_by` is null and the name and phone number or e-mail address they gave are here
   * ("Anoniem gemeld via QR-label: <naam>, <contact>", LABEL_TEXT.anonymousReporter).
   */
  anonymous: z.boolean(),
  reporter_name: z.string().nullable(),
  reporter_contact: z.string().nullable(),
  reported_at: z.string(),
  handled_by: z.number().int().nullable(),
  handled_by_name: z.string().nullable(),
  updated_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type Malfunction = z.infer<typeof MalfunctionSchema>;

export const MALFUNCTION_EVENT_KINDS = ['reported', 'status', 'note'] as const;
/** One line of a malfunction's timeline: who did what when. */
export const MalfunctionEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MALFUNCTION_EVENT_KINDS),
  from_status: z.enum(MALFUNCTION_STATUSES).nullable(),
  to_status: z.enum(MALFUNCTION_STATUSES).nullable(),
  /** The reason of a reopening. */
  reason: z.string().nullable(),
  internal_note: z.string().nullable(),
  customer_note: z.string().nullable(),
  by_name: z.string().nullable(),
  at: z.string(),
});
export type MalfunctionEvent = z.infer<typeof MalfunctionEventSchema>;

/** The whole malfunction for the office: the machine's place, photos, notes and the timeline (oldest first). */
export const MalfunctionDetailSchema = MalfunctionSchema.extend({
  department_name: z.string().nullable(),
  room_name: z.string().nullable(),
  internal_note: z.string().nullable(),
  customer_note: z.string().nullable(),
  photos: z.array(MalfunctionPhotoSchema),
  events: z.array(MalfunctionEventSchema),
});
export type MalfunctionDetail = z.infer<typeof MalfunctionDetailSchema>;

/**
 * Handling by the office: a new status (omitted or the same: unchanged), a reason (required when
 * going back to Open), the internal note and the note for the customer (omitted: unchanged; ''
 * clears). The actor becomes `handled_by`.
 */
export const MalfunctionHandleInputSchema = z.object({
  status: z.enum(MALFUNCTION_STATUSES, { error: MSG.invalidChoice }).optional(),
  reason: optionalText(),
  internal_note: optionalText(1000).optional(),
  customer_note: optionalText(1000).optional(),
});
export type MalfunctionHandleInput = z.output<typeof MalfunctionHandleInputSchema>;
export type MalfunctionHandleFormValues = z.input<typeof MalfunctionHandleInputSchema>;

export const MALFUNCTION_SORT_KEYS = ['reported_at', 'customer', 'machine', 'status', 'updated_at'] as const;
export const MALFUNCTION_FILTER_KEYS = ['status', 'customer_id'] as const;
/** GET /api/malfunctions: newest first; search over customer, location, machine, inventory number, description, reporter. */
export const MalfunctionListQuerySchema = listQuerySchema(MALFUNCTION_SORT_KEYS, 'reported_at')
  .omit({ archived: true })
  .extend({
    sortOrder: z.enum(SORT_ORDERS, { error: MSG.invalidChoice }).default('desc'),
    status: z.enum(MALFUNCTION_STATUSES, { error: MSG.invalidChoice }).optional(),
    customer_id: idField().optional(),
  });
export type MalfunctionListQuery = z.output<typeof MalfunctionListQuerySchema>;

/** GET /api/own-malfunctions: the customer's own, newest first; optionally of one machine. */
export const OwnMalfunctionListQuerySchema = listQuerySchema(['reported_at', 'status'] as const, 'reported_at')
  .omit({ archived: true })
  .extend({
    sortOrder: z.enum(SORT_ORDERS, { error: MSG.invalidChoice }).default('desc'),
    status: z.enum(MALFUNCTION_STATUSES, { error: MSG.invalidChoice }).optional(),
    machine_id: idField().optional(),
  });
export type OwnMalfunctionListQuery = z.output<typeof OwnMalfunctionListQuerySchema>;

/** The count of open malfunctions (Open and In behandeling) for the navigation. */
export const OpenCountSchema = z.object({ count: z.number().int() });
