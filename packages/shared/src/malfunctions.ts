import { z } from 'zod';
import { SORT_ORDERS, listQuerySchema } from './api';
import { optionalPhoneField } from './phone';
import { INSPECTION_TYPES } from './questionnaires';
import { dateField } from './tasklists';
import { MSG, choiceField, flagField, hasNoNul, idField, optionalIdField, optionalText } from './validation';

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
 *
 * The service desk:
 * Customer:
 * - the report takes `urgency` ("Machine staat stil" / "Machine werkt nog") and `contact_phone`
 *   ("Bereikbaar op", prefilled from the profile)
 * - GET  /api/own-malfunctions/:id                 OwnMalfunctionDetail (with the customer's timeline)
 * - POST /api/own-malfunctions/:id/comments        multipart `comment` + at most 1 file `photo`
 *                                                  -> 201 OwnMalfunctionDetail, MALFUNCTION_TEXT.commented;
 *                                                  409 once resolved or withdrawn
 * - POST /api/own-malfunctions/:id/withdraw        MalfunctionWithdrawInput -> OwnMalfunctionDetail,
 *                                                  MALFUNCTION_TEXT.withdrawn; 409 once resolved or withdrawn
 * Office:
 * - GET  /api/malfunctions                         + sortKey respond_by / urgency, filters late, assigned_to
 * - GET  /api/malfunctions/open-count              { data: { count, late } }
 * - GET  /api/malfunctions/assignees               { data: MalfunctionAssignee[] } (active mechanics and admins)
 * - PUT  /api/malfunctions/:id                     + assigned_to (null: nobody); the assignee is mailed
 * - GET  /api/malfunctions/:id/plan-options        { data: MalfunctionPlanOption[] } (open task lists of the machine's location)
 * - POST /api/malfunctions/:id/plan                MalfunctionPlanInput -> MalfunctionDetail, MALFUNCTION_TEXT.planned
 * Mechanic (permission 'malfunctions.assigned'):
 * - GET  /api/assigned-malfunctions                page of Malfunction assigned to the user ("Mijn storingen")
 * - GET  /api/assigned-malfunctions/:id            MalfunctionDetail of one assigned to the user
 * Submitting the report a malfunction was planned on may resolve it (reports: SubmitInput
 * `resolve_malfunctions`); its customer then sees that report on the malfunction.
 * Every status change and every note for the customer is mailed to the reporter unless they
 * turned `malfunction_mails` off on their profile.
 */
export const MALFUNCTION_STATUSES = ['open', 'in_progress', 'resolved', 'withdrawn'] as const;
export type MalfunctionStatus = (typeof MALFUNCTION_STATUSES)[number];
export const MALFUNCTION_STATUS_LABELS: Record<MalfunctionStatus, string> = {
  open: 'Open',
  in_progress: 'In behandeling',
  resolved: 'Opgelost',
  withdrawn: 'Ingetrokken',
};
/** Still to be handled: Open and In behandeling (the counts, the markers, the deadline). */
export const ACTIVE_MALFUNCTION_STATUSES = ['open', 'in_progress'] as const satisfies readonly MalfunctionStatus[];
/** Whether a malfunction of `status` is still to be handled (Open, In behandeling). */
export const isActiveMalfunction = (status: MalfunctionStatus): boolean =>
  (ACTIVE_MALFUNCTION_STATUSES as readonly MalfunctionStatus[]).includes(status);
/**
 * Whether "Spoed" shows: the customer said the machine stands still and the malfunction is still
 * to be handled; once Opgelost or Ingetrokken there is no hurry left (the urgency stays a fact).
 */
export const showsUrgent = (m: { urgent: boolean; status: MalfunctionStatus }): boolean =>
  m.urgent && isActiveMalfunction(m.status);

/** The customer's urgency. */
export const MALFUNCTION_URGENCIES = ['urgent', 'normal'] as const;
export type MalfunctionUrgency = (typeof MALFUNCTION_URGENCIES)[number];
export const MALFUNCTION_URGENCY_LABELS: Record<MalfunctionUrgency, string> = {
  urgent: 'Machine staat stil',
  normal: 'Machine werkt nog',
};

/**
 * The response promise: the office responds within this many working days (weekends and Dutch
 * public holidays skipped). A report at or after the cut-off time (server setting
 * MALFUNCTION_CUTOFF, default 16:00, Europe/Amsterdam) counts from the next working day.
 */
export const RESPONSE_WORKING_DAYS = 1;
/** Photos a customer may add to a malfunction with comments, on top of the report's. */
export const MAX_COMMENT_PHOTOS = 10;
/** Comments per user per hour; more answer 429 (MALFUNCTION_TEXT.commentThrottled). */
export const MALFUNCTION_COMMENTS_PER_HOUR = 30;

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
  urgency: 'Hoe erg is het?',
  urgent: 'Spoed',
  contactPhone: 'Bereikbaar op',
  respondBy: 'Reactie vóór',
  late: 'Reactie te laat',
  assignedTo: 'Toegewezen aan',
  nobody: 'Niemand',
  mineForMechanic: 'Mijn storingen',
  plan: 'Inplannen',
  planned: 'Machine is ingepland',
  newTasklist: 'Nieuwe takenlijst',
  comment: 'Reactie toevoegen',
  commented: 'Reactie toegevoegd',
  commentRequired: 'Schrijf een reactie of voeg een foto toe',
  commentOnePhoto: 'Maximaal 1 foto per reactie',
  withdraw: 'Storing intrekken',
  withdrawn: 'Storing ingetrokken',
  withdrawReasonRequired: 'Geef een reden op om de storing in te trekken',
  closed: 'Deze storing is al afgehandeld',
  /** 409 for the office's change of one the customer withdrew (a moment earlier, perhaps). */
  withdrawnByCustomer: 'De klant heeft deze storing ingetrokken.',
  commentThrottled:
    'Je hebt het afgelopen uur al veel reacties gegeven. Probeer het later opnieuw of neem telefonisch contact op.',
  tooManyCommentPhotos: `Maximaal ${MAX_COMMENT_PHOTOS} foto's bij reacties`,
  notAssignable: 'Deze gebruiker kan geen storingen behandelen',
  reportLink: 'Rapport',
  resolveWithReport: 'Storing op Opgelost zetten',
  /** Planning (H2): a list of another location or a finished one, a second plan. */
  tasklistNotOpen: 'Kies een open takenlijst van de locatie van deze machine',
  alreadyPlanned: 'Deze storing is al ingepland',
  plannedReportDone: 'Het rapport van deze machine op die takenlijst is al ingediend',
  notLinkedToReport: 'Deze storing hoort niet bij dit rapport',
} as const;

/**
 * Which status may follow which in the office's handling; back to Open needs a reason.
 * Ingetrokken is the customer's (POST .../withdraw) and final.
 */
export const MALFUNCTION_TRANSITIONS: Record<MalfunctionStatus, readonly MalfunctionStatus[]> = {
  open: ['in_progress', 'resolved'],
  in_progress: ['open', 'resolved'],
  resolved: ['open'],
  withdrawn: [],
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
  /** "Machine staat stil" (urgent) or "Machine werkt nog". */
  urgency: choiceField(MALFUNCTION_URGENCIES),
  /** "Bereikbaar op": optional, Dutch or international. */
  contact_phone: optionalPhoneField(),
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
  /** An active mechanic, admin or super admin (422 MALFUNCTION_TEXT.notAssignable otherwise); null: nobody. */
  assigned_to: optionalIdField().optional(),
});
export type MalfunctionHandleInput = z.output<typeof MalfunctionHandleInputSchema>;
export type MalfunctionHandleFormValues = z.input<typeof MalfunctionHandleInputSchema>;

/**
 * `urgency`: the active urgent ones first, then the other active ones, then the rest, each newest
 * first (`sortOrder` desc; the office list's default). `respond_by`: by deadline.
 */
export const MALFUNCTION_SORT_KEYS = [
  'urgency',
  'reported_at',
  'respond_by',
  'customer',
  'machine',
  'status',
  'updated_at',
] as const;
export const MALFUNCTION_FILTER_KEYS = ['status', 'customer_id', 'late', 'assigned_to'] as const;
/** GET /api/malfunctions: urgent first; search over customer, location, machine, inventory number, description, reporter. */
export const MalfunctionListQuerySchema = listQuerySchema(MALFUNCTION_SORT_KEYS, 'urgency')
  .omit({ archived: true })
  .extend({
    sortOrder: z.enum(SORT_ORDERS, { error: MSG.invalidChoice }).default('desc'),
    status: z.enum(MALFUNCTION_STATUSES, { error: MSG.invalidChoice }).optional(),
    customer_id: idField().optional(),
    /** 1: only the late ones ("Reactie te laat"). */
    late: flagField().optional(),
    assigned_to: idField().optional(),
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

/** The count of open malfunctions (Open and In behandeling) for the navigation, and how many of them are late. */
export const OpenCountSchema = z.object({ count: z.number().int(), late: z.number().int() });

/** GET /api/assigned-malfunctions: the mechanic's "Mijn storingen", active first then newest. */
export const AssignedMalfunctionListQuerySchema = listQuerySchema(['reported_at', 'status'] as const, 'reported_at')
  .omit({ archived: true })
  .extend({
    sortOrder: z.enum(SORT_ORDERS, { error: MSG.invalidChoice }).default('desc'),
    status: z.enum(MALFUNCTION_STATUSES, { error: MSG.invalidChoice }).optional(),
  });
export type AssignedMalfunctionListQuery = z.output<typeof AssignedMalfunctionListQuerySchema>;

/** Who a malfunction may be assigned to. */
export const MalfunctionAssigneeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(['super_admin', 'admin', 'mechanic']),
});
export type MalfunctionAssignee = z.infer<typeof MalfunctionAssigneeSchema>;

/** An open task list of the machine's location the machine may be planned on. */
export const MalfunctionPlanOptionSchema = z.object({
  tasklist_id: z.number().int(),
  date: z.string(),
  inspection_type: z.enum(INSPECTION_TYPES),
  mechanic_name: z.string().nullable(),
  /** The machine is already on it (planning then links the existing report). */
  has_machine: z.boolean(),
});
export type MalfunctionPlanOption = z.infer<typeof MalfunctionPlanOptionSchema>;

/**
 * "Inplannen": on an existing open task list of the machine's location (`tasklist_id`), or on a
 * new one (`planned_date`, YYYY-MM-DD, and the inspection type, default onderhoud). The machine's report
 * there is linked to the malfunction (a 'planned' event) and the status becomes In behandeling
 * when it was Open. 409 when the malfunction is resolved or withdrawn.
 */
export const MalfunctionPlanInputSchema = z
  .object({
    tasklist_id: optionalIdField().optional(),
    planned_date: dateField().optional(),
    inspection_type: choiceField(INSPECTION_TYPES).default('maintenance'),
  })
  .refine((v) => v.tasklist_id != null || v.planned_date !== undefined, {
    path: ['planned_date'],
    error: MSG.required,
  });
export type MalfunctionPlanInput = z.output<typeof MalfunctionPlanInputSchema>;
export type MalfunctionPlanFormValues = z.input<typeof MalfunctionPlanInputSchema>;

/** POST /api/own-malfunctions/:id/withdraw: why (required). */
export const MalfunctionWithdrawInputSchema = z.object({
  reason: z
    .string({ error: MALFUNCTION_TEXT.withdrawReasonRequired })
    .trim()
    .min(1, { error: MALFUNCTION_TEXT.withdrawReasonRequired, abort: true })
    .max(1000, { error: 'Maximaal 1000 tekens' })
    .refine(hasNoNul, { error: MSG.invalidCharacters }),
});
export type MalfunctionWithdrawFormValues = z.input<typeof MalfunctionWithdrawInputSchema>;

/** POST /api/own-malfunctions/:id/comments: the text (the photo travels as file part `photo`); one of both. */
export const MalfunctionCommentInputSchema = z.object({ comment: optionalText(MAX_DESCRIPTION) });
export type MalfunctionCommentFormValues = z.input<typeof MalfunctionCommentInputSchema>;
