import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { MalfunctionStatus } from '@keurwijzer/shared/malfunctions';
import { customers } from './customers';
import { machines } from './machines';
import { users } from './users';

/**
 * A malfunction (storing) a customer user reported on one of its machines, and the office's
 * handling of it. `customer_id` is the machine's customer at the time of the report (a customer
 * user reads only its own customer's); `created_at` is when it was reported.
 */
export const malfunctions = pgTable(
  'malfunctions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    machineId: integer('machine_id')
      .notNull()
      .references(() => machines.id, { onDelete: 'restrict' }),
    reportedBy: integer('reported_by').references(() => users.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    remark: text('remark'),
    status: text('status').$type<MalfunctionStatus>().notNull().default('open'),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    internalNote: text('internal_note'),
    customerNote: text('customer_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Reported through the machine's QR label by someone without an account (migration 0034). */
    anonymous: boolean('anonymous').notNull().default(false),
    /** The name and phone number or e-mail address an anonymous reporter gave. */
    reporterName: varchar('reporter_name', { length: 255 }),
    reporterContact: varchar('reporter_contact', { length: 255 }),
  },
  (t) => [
    check('malfunctions_status_check', sql`${t.status} in ('open', 'in_progress', 'resolved')`),
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
  ],
);

/** Photos of a malfunction: stored as machine images are (random storage keys, re-encoded). */
export const malfunctionPhotos = pgTable(
  'malfunction_photos',
  {
    id: serial('id').primaryKey(),
    malfunctionId: integer('malfunction_id')
      .notNull()
      .references(() => malfunctions.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('malfunction_photos_malfunction_idx').on(t.malfunctionId, t.id)],
);

/** The timeline of a malfunction: reported, each status change and each change of the notes. */
export const malfunctionEvents = pgTable(
  'malfunction_events',
  {
    id: serial('id').primaryKey(),
    malfunctionId: integer('malfunction_id')
      .notNull()
      .references(() => malfunctions.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'reported' | 'status' | 'note'>().notNull(),
    fromStatus: text('from_status').$type<MalfunctionStatus>(),
    toStatus: text('to_status').$type<MalfunctionStatus>(),
    reason: text('reason'),
    internalNote: text('internal_note'),
    customerNote: text('customer_note'),
    byUser: integer('by_user').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('malfunction_events_malfunction_idx').on(t.malfunctionId, t.id),
    index('malfunction_events_by_user_idx').on(t.byUser),
    check('malfunction_events_kind_check', sql`${t.kind} in ('reported', 'status', 'note')`),
  ],
);
