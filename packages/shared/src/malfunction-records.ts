import { z } from 'zod';
import { machineAtCustomerFields, machineRefFields } from './machine-ref-fields';
import { MALFUNCTION_STATUSES } from './malfunction-texts';

/* A malfunction as the customer and the office read it: its photos, its timeline and its detail. */

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
  ...machineRefFields,
  description: z.string(),
  remark: z.string().nullable(),
  status: z.enum(MALFUNCTION_STATUSES),
  urgent: z.boolean(),
  contact_phone: z.string().nullable(),
  /** The office's note for the customer. */
  customer_note: z.string().nullable(),
  reported_by_name: z.string().nullable(),
  reported_at: z.string(),
  updated_at: z.string(),
  resolved_at: z.string().nullable(),
  /** "Reactie vóór" (ISO). */
  respond_by: z.string().nullable(),
  /**
   * The report the machine was planned on, once it is submitted (its PDF is the customer's:
   * GET /api/machines/:machine_id/reports/:id/pdf); null before.
   */
  report: z.object({ id: z.number().int(), submitted_at: z.string() }).nullable(),
  photos: z.array(MalfunctionPhotoSchema),
});
export type OwnMalfunction = z.infer<typeof OwnMalfunctionSchema>;

/** A malfunction in the office's list. */
export const MalfunctionSchema = z.object({
  id: z.number().int(),
  ...machineAtCustomerFields,
  description: z.string(),
  remark: z.string().nullable(),
  status: z.enum(MALFUNCTION_STATUSES),
  reported_by: z.number().int().nullable(),
  reported_by_name: z.string().nullable(),
  /**
   * Reported through the machine's QR label by someone without an account: then
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
  urgent: z.boolean(),
  contact_phone: z.string().nullable(),
  /** The response deadline (ISO) and when the office first responded (a status change or a note for the customer). */
  respond_by: z.string().nullable(),
  responded_at: z.string().nullable(),
  /** Not responded to and past `respond_by` while Open or In behandeling: "Reactie te laat". */
  late: z.boolean(),
  assigned_to: z.number().int().nullable(),
  assigned_to_name: z.string().nullable(),
  /** Planned: the task list and report the machine was planned on for it ("Inplannen"). */
  planned: z
    .object({
      tasklist_id: z.number().int(),
      report_id: z.number().int(),
      date: z.string(),
      report_status: z.enum(['open', 'submitted']),
    })
    .nullable(),
});
export type Malfunction = z.infer<typeof MalfunctionSchema>;

export const MALFUNCTION_EVENT_KINDS = ['reported', 'status', 'note', 'comment', 'assigned', 'planned'] as const;
export type MalfunctionEventKind = (typeof MALFUNCTION_EVENT_KINDS)[number];
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
  /** A customer's comment, with the photos added with it. */
  comment: z.string().nullable(),
  photos: z.array(MalfunctionPhotoSchema),
  /** An assignment: to whom (null with kind 'assigned': taken off). */
  assigned_to_name: z.string().nullable(),
  /** Planning: the report the machine was planned on. */
  report_id: z.number().int().nullable(),
  by_name: z.string().nullable(),
  at: z.string(),
});
export type MalfunctionEvent = z.infer<typeof MalfunctionEventSchema>;

/**
 * A line of the customer's timeline: reported, status changes (with the reason of a reopening
 * or withdrawal), the office's notes for the customer, comments (theirs and colleagues') and
 * planning. Never the internal note or an assignment.
 */
export const OwnMalfunctionEventSchema = MalfunctionEventSchema.omit({
  internal_note: true,
  assigned_to_name: true,
});
export type OwnMalfunctionEvent = z.infer<typeof OwnMalfunctionEventSchema>;

/** GET /api/own-malfunctions/:id: the malfunction with its customer timeline (oldest first). */
export const OwnMalfunctionDetailSchema = OwnMalfunctionSchema.extend({
  events: z.array(OwnMalfunctionEventSchema),
});
export type OwnMalfunctionDetail = z.infer<typeof OwnMalfunctionDetailSchema>;

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
