import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { MalfunctionEventKind, MalfunctionStatus } from '@keurwijzer/shared/malfunctions';
import { customers } from './customers';
import { machines } from './machines';
import { reports } from './tasklists';
import { userRef } from './users';
import { createdAt, ownerRef, serialId, storedImage, timestamps, usedRef } from './columns';

/**
 * A malfunction (storing) a customer user reported on one of its machines, and the office's
 * handling of it. `customer_id` is the machine's customer at the time of the report (a customer
 * user reads only its own customer's); `created_at` is when it was reported.
 */
export const malfunctions = pgTable(
  'malfunctions',
  {
    id: serialId(),
    customerId: usedRef('customer_id', () => customers.id),
    machineId: usedRef('machine_id', () => machines.id),
    reportedBy: userRef('reported_by'),
    description: text('description').notNull(),
    remark: text('remark'),
    status: text('status').$type<MalfunctionStatus>().notNull().default('open'),
    handledBy: userRef('handled_by'),
    internalNote: text('internal_note'),
    customerNote: text('customer_note'),
    ...timestamps(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Reported through the machine's QR label by someone without an account (migration 0034). */
    anonymous: boolean('anonymous').notNull().default(false),
    /** The name and phone number or e-mail address an anonymous reporter gave. */
    reporterName: varchar('reporter_name', { length: 255 }),
    reporterContact: varchar('reporter_contact', { length: 255 }),
    /** The customer's urgency: "Machine staat stil" (migration 0035). */
    urgent: boolean('urgent').notNull().default(false),
    /** "Bereikbaar op": the number to call back (normalised, lib: libphonenumber-js). */
    contactPhone: varchar('contact_phone', { length: 32 }),
    /** The response deadline: the report plus one working day (lib/working-days.ts). */
    respondBy: timestamp('respond_by', { withTimezone: true }),
    /** The office's first response: the first status change or note for the customer. */
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** The mechanic or admin who handles it. */
    assignedTo: userRef('assigned_to'),
    /** The report it was planned on ("Inplannen"). */
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('malfunctions_status_check', sql`${t.status} in ('open', 'in_progress', 'resolved', 'withdrawn')`),
    check(
      'malfunctions_anonymous_check',
      sql`not ${t.anonymous} or (${t.reportedBy} is null and ${t.reporterName} is not null and ${t.reporterContact} is not null)`,
    ),
    // The office's list, newest first: page 1 reads 25 index entries.
    index('malfunctions_created_idx').on(t.createdAt, t.id),
    // ... with a status filter, and the open count (Open + In behandeling) from the index alone.
    index('malfunctions_status_created_idx').on(t.status, t.createdAt, t.id),
    // ... with a customer filter, and the customer's "Mijn storingen".
    index('malfunctions_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    // A machine's malfunctions (its screen, the plan screen's open marker).
    index('malfunctions_machine_idx').on(t.machineId, t.status),
    // Throttle: a user's reports of the last hour.
    index('malfunctions_reporter_idx').on(t.reportedBy, t.createdAt),
    index('malfunctions_handled_by_idx').on(t.handledBy),
    // The office list's default order (malfunctions.repository.ts PRIORITY).
    index('malfunctions_priority_idx').on(
      sql`(case when ${t.status} in ('open', 'in_progress') then (case when ${t.urgent} then 2 else 1 end) else 0 end)`,
      t.createdAt,
      t.id,
    ),
    // The office list by response deadline (sortKey respond_by, migration 0036).
    index('malfunctions_respond_by_idx').on(t.respondBy, t.id),
    // A mechanic's "Mijn storingen".
    index('malfunctions_assigned_idx').on(t.assignedTo, t.createdAt, t.id),
    index('malfunctions_report_idx').on(t.reportId),
    // The late ones (no response yet) for the menu's count.
    index('malfunctions_awaiting_idx')
      .on(t.respondBy)
      .where(sql`${t.respondedAt} is null and ${t.status} in ('open', 'in_progress')`),
  ],
);

/** Photos of a malfunction: stored as machine images are (random storage keys, re-encoded). */
export const malfunctionPhotos = pgTable(
  'malfunction_photos',
  {
    id: serialId(),
    malfunctionId: ownerRef('malfunction_id', () => malfunctions.id),
    ...storedImage(),
    createdAt: createdAt(),
    /** A photo the customer added later belongs to its comment. */
    eventId: integer('event_id').references((): AnyPgColumn => malfunctionEvents.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('malfunction_photos_malfunction_idx').on(t.malfunctionId, t.id),
    index('malfunction_photos_event_idx').on(t.eventId),
  ],
);

/** The timeline of a malfunction: reported, each status change and each change of the notes. */
export const malfunctionEvents = pgTable(
  'malfunction_events',
  {
    id: serialId(),
    malfunctionId: ownerRef('malfunction_id', () => malfunctions.id),
    kind: text('kind').$type<MalfunctionEventKind>().notNull(),
    fromStatus: text('from_status').$type<MalfunctionStatus>(),
    toStatus: text('to_status').$type<MalfunctionStatus>(),
    reason: text('reason'),
    internalNote: text('internal_note'),
    customerNote: text('customer_note'),
    byUser: userRef('by_user'),
    /** A customer's comment. */
    comment: text('comment'),
    /** An assignment: to whom (null: taken off). */
    assignedTo: userRef('assigned_to'),
    /** Planning: the report the machine was planned on. */
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('malfunction_events_malfunction_idx').on(t.malfunctionId, t.id),
    index('malfunction_events_by_user_idx').on(t.byUser),
    // A user's comments of the last hour (the comment throttle, migration 0038).
    index('malfunction_events_comments_idx')
      .on(t.byUser, t.at)
      .where(sql`${t.kind} = 'comment'`),
    index('malfunction_events_assigned_to_idx').on(t.assignedTo),
    index('malfunction_events_report_idx').on(t.reportId),
    check(
      'malfunction_events_kind_check',
      sql`${t.kind} in ('reported', 'status', 'note', 'comment', 'assigned', 'planned')`,
    ),
  ],
);
