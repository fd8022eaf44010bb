import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { DueType, Verdict } from '@keurwijzer/shared/compliance';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import { customers } from './customers';
import { machines } from './machines';
import { malfunctions } from './malfunctions';
import { machineTypes } from './master-data';
import { reportQuestions, reports, tasklists } from './tasklists';
import { userRef } from './users';
import { createdAt, ownerRef, serialId, updatedAt } from './columns';

/*
 * Planning and compliance (migration 0022). The intervals are set by people; everything else here
 * is kept by PostgreSQL triggers (see the migration): `machine_due` by `refresh_machine_due`
 * whenever a report is submitted, a machine is added, moved, re-typed, archived or put out of use,
 * or an interval changes; `followups` when a report is submitted.
 */

const dueTypeCheck = (name: string, column: unknown) =>
  check(name, sql`${column} in ('inspection', 'maintenance', 'safety')`);
const monthsCheck = (name: string, column: unknown) => check(name, sql`${column} between 1 and 120`);

/** An interval's own columns, after the ids it is set for: the due type, its months, when it was set. */
const intervalColumns = () => ({
  inspectionType: text('inspection_type').$type<DueType>().notNull(),
  months: smallint('months').notNull(),
  updatedAt: updatedAt(),
});
/** An interval's checks: a due type, 1 to 120 months. */
const intervalChecks = (table: string, t: { inspectionType: unknown; months: unknown }) => [
  dueTypeCheck(`${table}_type_check`, t.inspectionType),
  monthsCheck(`${table}_months_check`, t.months),
];

/** The interval in months per machine type and due type. */
export const inspectionIntervals = pgTable(
  'inspection_intervals',
  {
    machineTypeId: ownerRef('machine_type_id', () => machineTypes.id),
    ...intervalColumns(),
  },
  (t) => [
    primaryKey({ name: 'inspection_intervals_pk', columns: [t.machineTypeId, t.inspectionType] }),
    ...intervalChecks('inspection_intervals', t),
  ],
);

/** A customer's own interval for a machine type and due type (overrides the machine type's). */
export const customerIntervals = pgTable(
  'customer_intervals',
  {
    customerId: ownerRef('customer_id', () => customers.id),
    machineTypeId: ownerRef('machine_type_id', () => machineTypes.id),
    ...intervalColumns(),
  },
  (t) => [
    primaryKey({ name: 'customer_intervals_pk', columns: [t.customerId, t.machineTypeId, t.inspectionType] }),
    index('customer_intervals_type_idx').on(t.machineTypeId),
    ...intervalChecks('customer_intervals', t),
  ],
);

/** A machine's own interval for a due type (overrides the customer's and the machine type's). */
export const machineIntervals = pgTable(
  'machine_intervals',
  {
    machineId: ownerRef('machine_id', () => machines.id),
    ...intervalColumns(),
  },
  (t) => [
    primaryKey({ name: 'machine_intervals_pk', columns: [t.machineId, t.inspectionType] }),
    ...intervalChecks('machine_intervals', t),
  ],
);

/**
 * The due state of a machine in use (not archived, not Niet actief) per due type that has an
 * interval. `due_date` is the day it must be inspected before: the Dutch day of the last
 * submitted report of the type + the interval, or the day the machine was added when it was never
 * inspected (due at once). `rejected` while the last report of the type is Afgekeurd. The state
 * (Afgekeurd / Verlopen / Binnenkort / In orde) follows from these and today in SQL
 * (lib/due-state.ts), never per row in Node.
 */
export const machineDue = pgTable(
  'machine_due',
  {
    machineId: ownerRef('machine_id', () => machines.id),
    inspectionType: text('inspection_type').$type<DueType>().notNull(),
    customerId: integer('customer_id').notNull(),
    locationId: integer('location_id').notNull(),
    intervalMonths: smallint('interval_months').notNull(),
    intervalSource: text('interval_source').$type<'machine' | 'customer' | 'machine_type'>().notNull(),
    lastReportId: integer('last_report_id').references(() => reports.id, { onDelete: 'set null' }),
    lastDate: date('last_date', { mode: 'string' }),
    lastVerdict: text('last_verdict').$type<Verdict>(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    rejected: boolean('rejected').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'machine_due_pk', columns: [t.machineId, t.inspectionType] }),
    index('machine_due_due_idx')
      .on(t.dueDate, t.machineId)
      .where(sql`NOT ${t.rejected}`),
    index('machine_due_customer_idx').on(t.customerId, t.dueDate, t.machineId),
    index('machine_due_location_idx').on(t.locationId, t.inspectionType, t.dueDate),
    index('machine_due_rejected_idx')
      .on(t.customerId, t.machineId)
      .where(sql`${t.rejected}`),
  ],
);

export const FOLLOWUP_STATUSES = ['open', 'done'] as const;
export type FollowupStatus = (typeof FOLLOWUP_STATUSES)[number];

/**
 * A follow-up ("Actie") for the office: one per Afkeur answer or out-of-limit measurement of a
 * submitted report, written by the trigger `report_submitted`. A passing report of the machine
 * and type closes its open ones; an office user closes one by hand, turns it into a malfunction
 * or plans a re-inspection.
 */
export const followups = pgTable(
  'followups',
  {
    id: serialId(),
    reportId: ownerRef('report_id', () => reports.id),
    reportQuestionId: ownerRef('report_question_id', () => reportQuestions.id),
    machineId: ownerRef('machine_id', () => machines.id),
    customerId: ownerRef('customer_id', () => customers.id),
    inspectionType: text('inspection_type').$type<InspectionType>().notNull(),
    status: text('status').$type<FollowupStatus>().notNull().default('open'),
    doneBy: userRef('done_by'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneNote: varchar('done_note', { length: 255 }),
    malfunctionId: integer('malfunction_id').references(() => malfunctions.id, { onDelete: 'set null' }),
    tasklistId: integer('tasklist_id').references(() => tasklists.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('followups_question_unique').on(t.reportQuestionId),
    index('followups_status_idx').on(t.status, t.createdAt, t.id),
    index('followups_created_idx').on(t.createdAt, t.id),
    index('followups_machine_idx').on(t.machineId, t.status),
    index('followups_customer_idx').on(t.customerId, t.status),
    index('followups_report_idx').on(t.reportId),
    index('followups_done_by_idx').on(t.doneBy),
    index('followups_malfunction_idx').on(t.malfunctionId),
    index('followups_tasklist_idx').on(t.tasklistId),
    check('followups_status_check', sql`${t.status} in ('open', 'done')`),
    check('followups_done_check', sql`(${t.status} = 'done') = (${t.doneAt} is not null)`),
  ],
);
