import { z } from 'zod';
import { JUDGEMENTS, QUESTION_KINDS, VERDICTS } from './compliance';
import { INSPECTION_TYPES } from './questionnaires';
import { ReportSignatureSchema } from './report-signatures';
import { REPORT_STATUSES } from './report-texts';

/* A report as the screens read it: its machine, categories, questions, answers, photos and versions. */

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
