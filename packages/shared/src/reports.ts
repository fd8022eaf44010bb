import { z } from 'zod';
import { SORT_ORDERS, listQuerySchema } from './api';
import { JUDGEMENTS, QUESTION_KINDS, VERDICTS, measurementValueField } from './compliance';
import { INSPECTION_TYPES } from './questionnaires';
import { MSG, flagField, idField, optionalText, requiredText, sentAs } from './validation';

/**
 * A report: one machine on one task list, filled in from a copy of the machine's questionnaire of
 * the list's type. Open while it is being filled in; submitted ("Rapport afronden") it is
 * read-only and counts as completed.
 *
 * The endpoints (permissions from ACCESS in permissions.ts):
 * - GET  /api/reports/:id                                  ReportDetail (tasklists.view)
 * - PUT  /api/reports/:id/answers/:questionId              AnswerInput -> ReportAnswerState (tasklists.manage)
 * - PUT  /api/reports/:id/categories/:categoryId           SkipInput -> ReportCategoryState (tasklists.manage)
 * - PUT  /api/reports/:id                                  ReportSaveInput -> ReportDetail, "Antwoorden opgeslagen"
 * - POST /api/reports/:id/submit                           SubmitInput (may be empty) -> ReportDetail, "Rapport
 *                                                          ingediend"; 422 lists the missing questions as
 *                                                          errors["question_<id>"], or errors.verdict_reason when
 *                                                          the verdict is overridden without a reason
 * - GET  /api/reports/:id/pdf                              the report as PDF (tasklists.view)
 * - GET  /api/reports/:id/image                            the machine's first image (thumbnail) for the report screen
 * - GET  /api/completed-reports                            page of CompletedReport (reports.view)
 * - GET  /api/completed-reports/export                     xlsx of the filtered list (reports.view)
 * - GET  /api/customers/:id/machines/:machineId/reports    MachineReport[] newest first (customers.view)
 * - GET  /api/customers/:id/machines/:machineId/latest-reports  LatestReports (customers.view)
 * Every change of an open report answers 409 (REPORT_TEXT.alreadySubmitted) once it is submitted.
 */
export const REPORT_STATUSES = ['open', 'submitted'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  open: 'Open',
  submitted: 'Ingediend',
};

/** The texts of the report screens (spec sections 4 and 8, product-decisions "Report"). */
export const REPORT_TEXT = {
  notAtLocation: 'Deze machine staat niet op de aangegeven plaats.',
  notAtLocationHint: 'Ga naar het machineoverzicht om de machine te verplaatsen.',
  answersSaved: 'Antwoorden opgeslagen',
  submitted: 'Rapport ingediend',
  noQuestions: 'Geen categorieën en vragen gevonden voor deze vragenlijst.',
  alreadySubmitted: 'Dit rapport is al ingediend en kan niet meer worden gewijzigd.',
  unanswered: 'Nog niet beantwoord',
  skipConfirm: 'Weet je zeker dat je deze categorie wilt overslaan?',
  submitConfirm: 'Weet je zeker dat je dit rapport wilt afronden? Daarna kan het niet meer worden gewijzigd.',
  invalidOption: 'Kies een van de antwoorden van deze vraag',
  invalidAnsweredAt: 'Ongeldig tijdstip',
  invalidSubmission: 'Ongeldige indiening: rond het rapport opnieuw af',
  categorySkipped: 'Categorie overgeslagen',
  categoryRestored: 'Categorie teruggezet',
  questionMissing: 'Deze vraag hoort niet bij dit rapport.',
  categoryMissing: 'Deze categorie hoort niet bij dit rapport.',
  skippedCategory: 'Overgeslagen',
  optionOfMeasurement: 'Vul bij een meting een waarde in, geen antwoord',
  valueOfChoice: 'Deze vraag heeft geen meetwaarde',
  verdictDerived: 'Oordeel volgens de antwoorden',
  verdictOverridden: 'Gewijzigd oordeel',
  verdictKeep: 'Oordeel volgens de antwoorden houden',
} as const;

/**
 * Why a report cannot be submitted yet, with how many questions are open: "Nog 11 vragen open",
 * "Nog 1 vraag open" (the server's 422 and the screen's own check say the same).
 */
export const openQuestionsText = (open: number) => `Nog ${open} ${open === 1 ? 'vraag' : 'vragen'} open`;

/** The error key of a missing answer in the 422 of a submit: `question_<report question id>`. */
export const missingAnswerKey = (questionId: number) => `question_${questionId}`;

/** A planned machine on a task list, with its report's state (the task list screens). */
export const PlannedMachineSchema = z.object({
  report_id: z.number().int(),
  machine_id: z.number().int(),
  name: z.string(),
  inventory_number: z.string(),
  department_name: z.string().nullable(),
  room_name: z.string().nullable(),
  machine_type_name: z.string().nullable(),
  questionnaire_name: z.string(),
  report_status: z.enum(REPORT_STATUSES),
  /** Questions of the report's copy, and how many of them have an answer. */
  questions_count: z.number().int(),
  answered_count: z.number().int(),
  filled_in_by: z.number().int().nullable(),
  filled_in_by_name: z.string().nullable(),
  submitted_at: z.string().nullable(),
  not_at_location: z.boolean(),
  /** The machine's open malfunctions (Open and In behandeling): the task list marks it. */
  open_malfunctions: z.number().int(),
});
export type PlannedMachine = z.infer<typeof PlannedMachineSchema>;

/**
 * The stored answer of one question: an option (1..4, the position in `answer_options`) and/or a
 * memo; a measurement has a `value` instead of an option. `judgement` is the database's (the
 * option's judgement, or the value against the limits, both inclusive); null without either.
 */
export const ReportAnswerSchema = z.object({
  option: z.number().int().nullable(),
  /** The measured value as a decimal string with a point ("0.30"), or null. */
  value: z.string().nullable(),
  judgement: z.enum(JUDGEMENTS).nullable(),
  memo: z.string().nullable(),
  /** When it was given on the device (ISO). */
  answered_at: z.string(),
});
export type ReportAnswer = z.infer<typeof ReportAnswerSchema>;

/** At most this many photos per question of a report. */
export const MAX_PHOTOS_PER_QUESTION = 4;
/** The device makes a photo smaller before it is queued: its longest side at most this many pixels. */
export const PHOTO_MAX_SIDE = 2048;

/** The texts of the answers' photos (the report screen, the report views, the API and the PDF). */
export const PHOTO_TEXT = {
  title: "Foto's",
  add: 'Foto toevoegen',
  gallery: 'Kies uit galerij',
  max: `Maximaal ${MAX_PHOTOS_PER_QUESTION} foto's per vraag`,
  missing: 'Kies een foto om te uploaden',
  view: 'Foto bekijken',
  remove: 'Foto verwijderen',
  removeConfirm: 'Weet je zeker dat je deze foto wilt verwijderen?',
  added: 'Foto toegevoegd',
  removed: 'Foto verwijderd',
  otherQuestion: 'Deze foto hoort bij een andere vraag of een ander rapport.',
  invalidTakenAt: 'Ongeldig tijdstip',
  invalidId: 'Ongeldige foto-id',
  unreadable: 'Deze foto kan niet worden gelezen',
} as const;

/**
 * A photo of a question's answer. `id` is the uuid the device gave it when it was taken (the
 * upload is idempotent per id, so a replayed upload stores it once); `url` is the image for the
 * reader of the report (staff or the customer's portal).
 */
export const ReportPhotoSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  created_at: z.string(),
});
export type ReportPhoto = z.infer<typeof ReportPhotoSchema>;

/**
 * The answer of the same question in the machine's previous submitted report (same inspection
 * type), shown as a hint under the question: "Vorige keuring: Goed". `text` is the option's label
 * or the value with its unit ("0,28 Ohm").
 */
export const PreviousAnswerSchema = z.object({
  report_id: z.number().int(),
  submitted_at: z.string(),
  text: z.string(),
  judgement: z.enum(JUDGEMENTS).nullable(),
});
export type PreviousAnswer = z.infer<typeof PreviousAnswerSchema>;

/** Who signs a report at "Rapport afronden": the mechanic (asked) and the customer's contact (optional). */
export const SIGNATURE_ROLES = ['mechanic', 'customer'] as const;
export type SignatureRole = (typeof SIGNATURE_ROLES)[number];

/** A signature of a report: who signed, when, and its image (a PNG) for the reader. */
export const ReportSignatureSchema = z.object({
  role: z.enum(SIGNATURE_ROLES),
  signer_name: z.string(),
  signed_at: z.string(),
  url: z.string(),
});
export type ReportSignature = z.infer<typeof ReportSignatureSchema>;

/** Another version of a report (a correction replaces a submitted report with a new version). */
export const ReportVersionRefSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  /** When that version was submitted (ISO; null while it is open). */
  submitted_at: z.string().nullable(),
});
export type ReportVersionRef = z.infer<typeof ReportVersionRefSchema>;

/** A question of the report's copy with its answer (null: not answered). */
export const ReportQuestionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A choice (answer options) or a measurement (a typed value with a unit and limits). */
  kind: z.enum(QUESTION_KINDS),
  /** The labels of the options, 1 to 4; option n is `answer_options[n - 1]`. */
  answer_options: z.array(z.string()),
  /** The judgement of each option (same order as `answer_options`; empty for a measurement). */
  answer_judgements: z.array(z.enum(JUDGEMENTS)),
  /** A measurement's unit ("Ohm") and limits, both inclusive, as decimal strings with a point ("0.30"). */
  unit: z.string().nullable(),
  min_value: z.string().nullable(),
  max_value: z.string().nullable(),
  /** The custom title of the memo field; null: "Opmerking". */
  memo_title: z.string().nullable(),
  position: z.number().int(),
  answer: ReportAnswerSchema.nullable(),
  /** The answer's photos, oldest first (at most MAX_PHOTOS_PER_QUESTION). */
  photos: z.array(ReportPhotoSchema),
  /** The previous report's answer of this question (null: none); only while the report is open. */
  previous: PreviousAnswerSchema.nullable(),
});
export type ReportQuestion = z.infer<typeof ReportQuestionSchema>;

export const ReportCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  skipped: z.boolean(),
  questions: z.array(ReportQuestionSchema),
});
export type ReportCategory = z.infer<typeof ReportCategorySchema>;

/**
 * The machine of a report as the report shows it: its data and place as they were when the report
 * was submitted (a record: moving, renaming or archiving it later changes nothing), or as they are
 * now while the report is open. `id` and `image_url` are always the machine's own.
 */
export const ReportMachineSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  inventory_number: z.string(),
  factory_number: z.string().nullable(),
  manufacturer: z.string().nullable(),
  manufacture_year: z.number().int().nullable(),
  machine_type_name: z.string().nullable(),
  brand_name: z.string().nullable(),
  brand_type_name: z.string().nullable(),
  location_name: z.string(),
  department_name: z.string().nullable(),
  room_name: z.string().nullable(),
  status: z.enum(['active', 'concept', 'inactive']),
  /** A thumbnail URL the reader of the report may fetch, or null without images. */
  image_url: z.string().nullable(),
});
export type ReportMachine = z.infer<typeof ReportMachineSchema>;

/**
 * One report with everything its screens and its PDF show: the read model shared by the
 * mechanic's screen, the office's screens, the PDF and the customer portal.
 */
export const ReportDetailSchema = z.object({
  id: z.number().int(),
  status: z.enum(REPORT_STATUSES),
  tasklist_id: z.number().int(),
  inspection_type: z.enum(INSPECTION_TYPES),
  planned_date: z.string(),
  questionnaire_name: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  location_id: z.number().int(),
  location_name: z.string(),
  machine: ReportMachineSchema,
  filled_in_by: z.number().int().nullable(),
  filled_in_by_name: z.string().nullable(),
  submitted_at: z.string().nullable(),
  not_at_location: z.boolean(),
  /**
   * Questions of the categories that are not skipped, and how many of those are answered (an
   * option chosen, or a measurement's value given).
   */
  questions_count: z.number().int(),
  answered_count: z.number().int(),
  /** The verdict as stored at the submit (null while open). */
  verdict: z.enum(VERDICTS).nullable(),
  /**
   * The verdict the answers give: live from the answers of the categories that are not skipped
   * while the report is open, as stored at the submit afterwards.
   */
  derived_verdict: z.enum(VERDICTS),
  /** Why the mechanic chose another verdict than the derived one (null: not overridden). */
  verdict_reason: z.string().nullable(),
  /** "Volgende keuring vóór": the day ("YYYY-MM-DD") stored at the submit; null while open or without an interval. */
  next_due_date: z.string().nullable(),
  categories: z.array(ReportCategorySchema),
  /** The signatures given at the submit (empty while open). */
  signatures: z.array(ReportSignatureSchema),
  /** 1 for a report as first submitted; a correction is the next version of the one it replaces. */
  version: z.number().int(),
  /** The version this one corrects (null: the first version). */
  replaces: ReportVersionRefSchema.nullable(),
  /** The version that corrects this one (null: this is the current version). */
  replaced_by: ReportVersionRefSchema.nullable(),
  /** Why the office reopened the previous version as this one (null: not a correction). */
  correction_reason: z.string().nullable(),
  /**
   * The active (Open, In behandeling) malfunctions planned on this report ("Inplannen"):
   * "Rapport afronden" offers to set them to Opgelost (SubmitInput.resolve_malfunctions).
   */
  malfunctions: z.array(z.object({ id: z.number().int(), description: z.string() })),
  updated_at: z.string(),
});
export type ReportDetail = z.infer<typeof ReportDetailSchema>;

/** A point in time as sent by a device (ISO 8601 with offset). */
const instantField = () =>
  sentAs<string>()(
    z
      .string({ error: MSG.required })
      .min(1, { error: MSG.required, abort: true })
      .max(40, { error: REPORT_TEXT.invalidAnsweredAt, abort: true })
      .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), {
        error: REPORT_TEXT.invalidAnsweredAt,
      }),
  );

/**
 * Saving the answer of one question: the chosen option ('' for none), the measured value of a
 * measurement (as typed: "0,30" or "0.30"; '' or absent for none; a measurement takes no option
 * and a choice no value) and the memo. Idempotent per question; `answered_at` is when it was given
 * on the device, and a stored answer given later is kept (a replayed older answer changes
 * nothing). No option, no value and no memo removes the answer.
 */
export const AnswerInputSchema = z.object({
  option: sentAs<number | string | null | undefined>()(
    z.preprocess(
      (v) =>
        v === '' || v === undefined || v === null ? null : typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v,
      z
        .number({ error: REPORT_TEXT.invalidOption })
        .int({ error: REPORT_TEXT.invalidOption })
        .min(1, { error: REPORT_TEXT.invalidOption })
        .max(4, { error: REPORT_TEXT.invalidOption })
        .nullable(),
    ),
  ),
  value: measurementValueField(),
  memo: optionalText(),
  answered_at: instantField(),
});
export type AnswerInput = z.output<typeof AnswerInputSchema>;
export type AnswerFormValues = z.input<typeof AnswerInputSchema>;

/** What the server holds for a question after a save (the newer of the stored and the sent answer). */
export const ReportAnswerStateSchema = z.object({
  question_id: z.number().int(),
  answer: ReportAnswerSchema.nullable(),
  /** The stored answer's judgement (null: none). */
  judgement: z.enum(JUDGEMENTS).nullable(),
});
export type ReportAnswerState = z.infer<typeof ReportAnswerStateSchema>;

/** Skipping a category (1) or taking it back (0). */
export const SkipInputSchema = z.object({ skipped: flagField() });
export type SkipFormValues = z.input<typeof SkipInputSchema>;

export const ReportCategoryStateSchema = z.object({ id: z.number().int(), skipped: z.boolean() });
export type ReportCategoryState = z.infer<typeof ReportCategoryStateSchema>;

/** "Rapport indienen": the report's own fields (omitted: unchanged). */
export const ReportSaveInputSchema = z.object({ not_at_location: flagField().optional() });
export type ReportSaveFormValues = z.input<typeof ReportSaveInputSchema>;

/**
 * "Rapport afronden": optionally the mechanic's own verdict with a reason. A verdict other than
 * the derived one needs a reason (422 errors.verdict_reason); the same as the derived one is no
 * override (its reason is dropped). An empty body submits with the derived verdict.
 */
export const SubmitInputSchema = z.object({
  verdict: sentAs<string | null | undefined>()(
    z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(VERDICTS, { error: MSG.invalidChoice }).optional(),
    ),
  ).optional(),
  verdict_reason: optionalText(),
  /**
   * Malfunctions planned on this report (ReportDetail.malfunctions) to set to Opgelost with the
   * submit (form data repeats the key). Another id is 422; one no longer active is left as it is.
   */
  resolve_malfunctions: sentAs<number | string | (number | string)[] | undefined>()(
    z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
      z.array(idField(), { error: MSG.invalidChoice }).max(50, { error: MSG.invalidChoice }),
    ),
  ).optional(),
  /**
   * The device's id of this submit (a uuid made when "Rapport afronden" is queued): the same
   * submit sent again, after a connection that broke once the server had it, is answered as the
   * first time (200 with the submitted report), not with a 409.
   */
  submission_id: sentAs<string | undefined>()(
    z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.uuid({ error: REPORT_TEXT.invalidSubmission }).optional(),
    ),
  ).optional(),
});
export type SubmitInput = z.output<typeof SubmitInputSchema>;
export type SubmitFormValues = z.input<typeof SubmitInputSchema>;

/** A signature's PNG is at most this many bytes (a pad's drawing is a few KB). */
export const MAX_SIGNATURE_BYTES = 512 * 1024;
/** The signer's name: 1 to 100 characters. */
export const SIGNER_NAME_MAX = 100;
/**
 * How far a signature's `signed_at` (the device's clock) may lie ahead of the server's: a clock a
 * few minutes fast is stored as the server's time; farther ahead is refused (a record never
 * carries a time that has not come yet).
 */
export const SIGNATURE_CLOCK_SKEW_MS = 5 * 60_000;

/** The texts of the signatures (the "Rapport afronden" dialog, the report views and the PDF). */
export const SIGNATURE_TEXT = {
  mechanic: 'Handtekening monteur',
  customer: 'Handtekening klant',
  notSigned: 'Niet ondertekend',
  signHere: 'Zet je handtekening',
  clear: 'Wissen',
  mechanicName: 'Naam monteur',
  customerName: 'Naam contactpersoon klant',
  customerOptional: 'Laat de contactpersoon van de klant tekenen (niet verplicht).',
  missing: 'Kies een handtekening om te uploaden',
  pngOnly: 'Een handtekening is een PNG-afbeelding',
  tooLarge: 'Een handtekening is maximaal 512 KB',
  saved: 'Handtekening opgeslagen',
  future: 'Het tijdstip van de handtekening ligt in de toekomst. Controleer de datum en tijd van je apparaat.',
} as const;
export const SIGNATURE_ROLE_LABELS: Record<SignatureRole, string> = {
  mechanic: SIGNATURE_TEXT.mechanic,
  customer: SIGNATURE_TEXT.customer,
};

/**
 * PUT /api/reports/:id/signatures/:role (multipart): the fields beside the file part `signature`
 * (a PNG of at most MAX_SIGNATURE_BYTES). The same role again replaces it while the report is open.
 */
export const SignatureFieldsSchema = z.object({
  signer_name: requiredText(SIGNER_NAME_MAX),
  signed_at: instantField(),
});
export type SignatureFields = z.output<typeof SignatureFieldsSchema>;

/** A submitted report as the completed-reports list shows it. */
export const CompletedReportSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  location_name: z.string(),
  machine_id: z.number().int(),
  machine_name: z.string(),
  inventory_number: z.string(),
  inspection_type: z.enum(INSPECTION_TYPES),
  questionnaire_name: z.string(),
  submitted_at: z.string(),
  filled_in_by: z.number().int().nullable(),
  filled_in_by_name: z.string().nullable(),
  not_at_location: z.boolean(),
  skipped_count: z.number().int(),
  /** The report's verdict (every submitted report has one). */
  verdict: z.enum(VERDICTS),
});
export type CompletedReport = z.infer<typeof CompletedReportSchema>;

export const COMPLETED_REPORT_SORT_KEYS = [
  'submitted_at',
  'customer',
  'location',
  'machine',
  'inspection_type',
  'mechanic',
] as const;
export type CompletedReportSortKey = (typeof COMPLETED_REPORT_SORT_KEYS)[number];
export const COMPLETED_REPORT_FILTER_KEYS = [
  'customer_id',
  'inspection_type',
  'mechanic_id',
  'not_at_location',
  'verdict',
] as const;

/** GET /api/completed-reports: newest first by default; search over customer, location, machine, inventory number, mechanic. */
export const CompletedReportListQuerySchema = listQuerySchema(COMPLETED_REPORT_SORT_KEYS, 'submitted_at')
  .omit({ archived: true })
  .extend({
    sortOrder: z.enum(SORT_ORDERS, { error: MSG.invalidChoice }).default('desc'),
    customer_id: idField().optional(),
    inspection_type: z.enum(INSPECTION_TYPES, { error: MSG.invalidChoice }).optional(),
    mechanic_id: idField().optional(),
    not_at_location: flagField().optional(),
    verdict: z.enum(VERDICTS, { error: MSG.invalidChoice }).optional(),
  });
export type CompletedReportListQuery = z.output<typeof CompletedReportListQuerySchema>;

/** The export takes the list's filters, search and sort, without paging. */
export const CompletedReportExportQuerySchema = CompletedReportListQuerySchema.omit({ page: true, itemsPerPage: true });
export type CompletedReportExportQuery = z.output<typeof CompletedReportExportQuerySchema>;

/** A report of one machine (the machine's reports screen), newest first. */
export const MachineReportSchema = z.object({
  id: z.number().int(),
  tasklist_id: z.number().int(),
  inspection_type: z.enum(INSPECTION_TYPES),
  questionnaire_name: z.string(),
  status: z.enum(REPORT_STATUSES),
  planned_date: z.string(),
  submitted_at: z.string().nullable(),
  filled_in_by_name: z.string().nullable(),
  not_at_location: z.boolean(),
});
export type MachineReport = z.infer<typeof MachineReportSchema>;

/** The latest submitted report of a machine of one inspection type (null: none yet). */
export const LatestReportSchema = z
  .object({ id: z.number().int(), submitted_at: z.string(), filled_in_by_name: z.string().nullable() })
  .nullable();
/**
 * A machine's latest submitted report per inspection type that applies to it: a type it has a
 * questionnaire of, or a submitted report of (null: none submitted yet, "Nog geen"). A type that
 * does not apply is left out, so "Laatste rapporten" shows only the types the machine is
 * inspected for (a machine without a maintenance questionnaire is not overdue for maintenance).
 */
export const LatestReportsSchema = z.partialRecord(z.enum(INSPECTION_TYPES), LatestReportSchema);
export type LatestReports = z.infer<typeof LatestReportsSchema>;
