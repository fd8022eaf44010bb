import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Judgement, Verdict } from '@keurwijzer/shared/compliance';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import type { ReportStatus } from '@keurwijzer/shared/reports';
import type { TasklistStatus } from '@keurwijzer/shared/tasklists';
import { customers, locations } from './customers';
import { machines } from './machines';
import { questionnaires } from './questionnaires';
import { reportSnapshot } from './report-snapshot';
import { userRef } from './users';
import { ownerRef, questionKindColumns, serialId, timestamps, updatedAt, usedRef } from './columns';

/**
 * The status of a task list, decided here and nowhere else (the values of TASKLIST_STATUSES):
 * Concept without reports, Afgerond when every report is submitted, In uitvoering when one is
 * submitted or has an answer, Gepland otherwise. A stored generated column over the list's
 * figures, which triggers keep (migration 0010).
 */
const STATUS_OF_FIGURES = sql`case
  when planned_count = 0 then 'concept'
  when submitted_count = planned_count then 'completed'
  when submitted_count > 0 or answered_reports > 0 then 'in_progress'
  else 'planned' end`;

/** The statuses in their order (Concept 1 .. Afgerond 4): the overview's sort by status and its index. */
export const tasklistStatusOrder = (status: SQL) =>
  sql`(case ${status} when 'concept' then 1 when 'planned' then 2 when 'in_progress' then 3 else 4 end)`;

/**
 * A task list: the machines of one customer location a mechanic plans for one inspection type.
 * Its figures (planned reports, submitted reports, reports with an answer, questions) are kept on the row by
 * PostgreSQL triggers on `reports` and `report_answers` (migration 0010), so every path that plans,
 * takes off, answers, submits or deletes keeps them right without knowing; its status is derived
 * from them (STATUS_OF_FIGURES), never set by hand.
 */
export const tasklists = pgTable(
  'tasklists',
  {
    id: serialId(),
    customerId: usedRef('customer_id', () => customers.id),
    locationId: usedRef('location_id', () => locations.id),
    inspectionType: text('inspection_type').$type<InspectionType>().notNull(),
    plannedDate: date('planned_date', { mode: 'string' }).notNull(),
    remarks: varchar('remarks', { length: 255 }),
    createdBy: userRef('created_by'),
    /** Reports on the list (machines planned): kept by a trigger on reports. */
    plannedCount: integer('planned_count').notNull().default(0),
    /** Submitted reports: kept by a trigger on reports. */
    submittedCount: integer('submitted_count').notNull().default(0),
    /** Reports with at least one answer (reports.answers_count > 0): kept by a trigger on reports. */
    answeredReports: integer('answered_reports').notNull().default(0),
    /** Questions over the reports' copies (reports.questions_count): kept by a trigger on reports. */
    questionsCount: integer('questions_count').notNull().default(0),
    status: text('status').$type<TasklistStatus>().notNull().generatedAlwaysAs(STATUS_OF_FIGURES),
    ...timestamps(),
  },
  (t) => [
    // The overview's default order (newest planned date first) and its filters.
    index('tasklists_planned_idx').on(t.plannedDate, t.id),
    index('tasklists_status_idx').on(t.status, t.plannedDate, t.id),
    index('tasklists_status_order_idx').using('btree', tasklistStatusOrder(sql`${t.status}`), t.id),
    index('tasklists_customer_idx').on(t.customerId, t.plannedDate),
    // The completed reports' total of one inspection type: the sum of its lists' submitted_count,
    // an index-only scan (migration 0012).
    index('tasklists_type_idx').on(t.inspectionType, t.submittedCount),
    index('tasklists_location_idx').on(t.locationId),
    // "Mine" (a user's own lists) in the default order, newest planned date first.
    index('tasklists_created_by_idx').on(t.createdBy, t.plannedDate, t.id),
    // A mechanic's default page (mine, today_first): the unfinished lists as one range, the
    // finished ones in their order (newest planned date first, then id) without a sort.
    index('tasklists_created_by_status_idx').on(t.createdBy, t.status, t.plannedDate.desc().nullsFirst(), t.id),
    check(
      'tasklists_type_check',
      sql`${t.inspectionType} in ('inspection', 'maintenance', 'safety', 'inspection_maintenance')`,
    ),
  ],
);

/**
 * The report of one machine on one task list (one per machine and list). It keeps a copy of the
 * questionnaire as it was when the machine was planned (report_categories, report_questions), so
 * later edits of the questionnaire never change a report; `questionnaire_id` only says where the
 * copy came from.
 */
export const reports = pgTable(
  'reports',
  {
    id: serialId(),
    tasklistId: ownerRef('tasklist_id', () => tasklists.id),
    /**
     * Copies of the task list's customer and inspection type, written when the machine is planned
     * (the list's `plan`): both are fixed once a list has a report (409), so a copy never disagrees.
     * They let the completed reports' filters read one index range (migration 0012).
     */
    customerId: integer('customer_id').notNull(),
    inspectionType: text('inspection_type').$type<InspectionType>().notNull(),
    machineId: usedRef('machine_id', () => machines.id),
    questionnaireId: integer('questionnaire_id').references(() => questionnaires.id, { onDelete: 'set null' }),
    /** The questionnaire's name when the report was made (the PDF shows it). */
    questionnaireName: varchar('questionnaire_name', { length: 255 }).notNull(),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    filledInBy: userRef('filled_in_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** The device's id of the submit (SubmitInput.submission_id): the same submit sent again is answered as the first. */
    submissionId: uuid('submission_id'),
    /** "Deze machine staat niet op de aangegeven plaats." */
    notAtLocation: boolean('not_at_location').notNull().default(false),
    /** Its rows in report_answers: kept by a trigger on report_answers (the list counts reports with any). */
    answersCount: integer('answers_count').notNull().default(0),
    /** Its rows in report_questions (the copy): kept by a trigger on report_questions. */
    questionsCount: integer('questions_count').notNull().default(0),
    ...reportSnapshot(),
    /*
     * The verdict, written by the BEFORE trigger `report_verdict` (migration 0022) in the statement
     * that submits: `derived_verdict` from the answers' judgements, `verdict` the mechanic's when
     * sent (else the derived one; a different one only with `verdict_reason`), `next_due_date` the
     * submitted day + the machine's interval as it was at sign-off ("Volgende keuring vóór").
     */
    verdict: text('verdict').$type<Verdict>(),
    derivedVerdict: text('derived_verdict').$type<Verdict>(),
    verdictReason: varchar('verdict_reason', { length: 255 }),
    nextDueDate: date('next_due_date', { mode: 'string' }),
    /*
     * Versions (migration 0033): a correction is a new version (an open report on the same list
     * and machine) that `replaces_report_id` the submitted one, with the office's reason. A
     * version replaced by a submitted newer one no longer counts as "the report" (lists, due dates).
     */
    version: integer('version').notNull().default(1),
    replacesReportId: integer('replaces_report_id').references((): AnyPgColumn => reports.id),
    correctionReason: varchar('correction_reason', { length: 255 }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('reports_tasklist_machine_version_unique').on(t.tasklistId, t.machineId, t.version),
    uniqueIndex('reports_replaces_unique').on(t.replacesReportId),
    check(
      'reports_version_check',
      sql`(${t.replacesReportId} is null) = (${t.version} = 1) and (${t.replacesReportId} is null or ${t.correctionReason} is not null)`,
    ),
    // A machine's reports, newest first (its reports screen, the latest per type).
    index('reports_machine_idx').on(t.machineId, t.submittedAt),
    // The completed reports, newest first.
    index('reports_submitted_idx')
      .on(t.submittedAt, t.id)
      .where(sql`${t.status} = 'submitted'`),
    // The completed reports of one customer, of one inspection type, or flagged, newest first.
    index('reports_submitted_customer_idx')
      .on(t.customerId, t.submittedAt, t.id)
      .where(sql`${t.status} = 'submitted'`),
    index('reports_submitted_type_idx')
      .on(t.inspectionType, t.submittedAt, t.id)
      .where(sql`${t.status} = 'submitted'`),
    index('reports_submitted_flag_idx')
      .on(t.submittedAt, t.id)
      .where(sql`${t.status} = 'submitted' and ${t.notAtLocation}`),
    // The completed reports of one verdict, newest first (migration 0030).
    index('reports_submitted_verdict_idx')
      .on(t.verdict, t.submittedAt, t.id)
      .where(sql`${t.status} = 'submitted'`),
    index('reports_questionnaire_idx').on(t.questionnaireId),
    index('reports_filled_in_by_idx').on(t.filledInBy),
    check('reports_status_check', sql`${t.status} in ('open', 'submitted')`),
    check(
      'reports_verdict_check',
      sql`${t.verdict} in ('approved', 'approved_with_remarks', 'rejected') and ${t.derivedVerdict} in ('approved', 'approved_with_remarks', 'rejected')`,
    ),
    check(
      'reports_verdict_submitted_check',
      sql`${t.status} <> 'submitted' or (${t.verdict} is not null and ${t.derivedVerdict} is not null)`,
    ),
    check(
      'reports_verdict_reason_check',
      sql`${t.verdict} is null or ${t.verdict} = ${t.derivedVerdict} or ${t.verdictReason} is not null`,
    ),
    check('reports_submitted_check', sql`(${t.status} = 'submitted') = (${t.submittedAt} is not null)`),
    // A submitted report has its snapshot (the trigger writes it; a path it missed fails here).
    check(
      'reports_snapshot_check',
      sql`${t.status} <> 'submitted' or (${t.snapshotCustomerName} is not null and ${t.snapshotLocationName} is not null and ${t.snapshotMachineName} is not null and ${t.snapshotInventoryNumber} is not null and ${t.snapshotMachineLocationName} is not null and ${t.snapshotMachineStatus} is not null)`,
    ),
  ],
);

/** The report a row belongs to, deleted with it. */
const reportRef = () =>
  integer('report_id')
    .notNull()
    .references(() => reports.id, { onDelete: 'cascade' });

/** A copy of a questionnaire category in a report: name and order as they were; skippable. */
export const reportCategories = pgTable(
  'report_categories',
  {
    id: serialId(),
    reportId: reportRef(),
    name: varchar('name', { length: 255 }).notNull(),
    position: integer('position').notNull(),
    skipped: boolean('skipped').notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('report_categories_report_idx').on(t.reportId, t.position)],
);

/**
 * A copy of a question in a report: text, answer options (1 to 4 labels) and memo title as they
 * were. `report_id` is repeated from the category so a whole report is one index range.
 */
export const reportQuestions = pgTable(
  'report_questions',
  {
    id: serialId(),
    reportId: reportRef(),
    reportCategoryId: ownerRef('report_category_id', () => reportCategories.id),
    name: varchar('name', { length: 255 }).notNull(),
    answerOptions: text('answer_options').array().notNull(),
    memoTitle: varchar('memo_title', { length: 255 }),
    position: integer('position').notNull(),
    /** Copies of the question's kind, judgements, unit and limits (questions). */
    ...questionKindColumns(),
  },
  (t) => [
    check('report_questions_kind_check', sql`${t.kind} in ('choice', 'measurement')`),
    index('report_questions_report_idx').on(t.reportId, t.reportCategoryId, t.position),
    index('report_questions_category_idx').on(t.reportCategoryId, t.position),
  ],
);

/**
 * The answer to one question of a report: at most one per question, so saving it again (a
 * retried or replayed request) replaces it. `answered_at` is when it was given on the device.
 */
export const reportAnswers = pgTable(
  'report_answers',
  {
    id: serialId(),
    reportId: reportRef(),
    reportQuestionId: ownerRef('report_question_id', () => reportQuestions.id),
    /** The chosen answer option, 1 to 4; null when only a memo was written. */
    option: smallint('option'),
    memo: varchar('memo', { length: 255 }),
    /** The measured value of a measurement question (a decimal string, "0.30"). */
    value: numeric('value'),
    /**
     * The judgement of the answer: the chosen option's, or Goed / Afkeur of a value within / outside
     * the limits. Written by the BEFORE trigger `report_answer_judgement` (migration 0022).
     */
    judgement: text('judgement').$type<Judgement>(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('report_answers_question_unique').on(t.reportQuestionId),
    index('report_answers_report_idx').on(t.reportId),
    check('report_answers_option_check', sql`${t.option} between 1 and 4`),
    check('report_answers_judgement_check', sql`${t.judgement} in ('good', 'remark', 'reject', 'na')`),
  ],
);
