import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { MachineStatus } from '@keurwijzer/shared/machines';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import { customers, departments, locations, rooms } from './customers';
import { brandTypes, brands, machineTypes } from './master-data';
import { questionnaires } from './questionnaires';
import { userRef } from './users';
import { archivedAt, createdAt, ownerRef, serialId, storedImage, timestamps, usedRef } from './columns';

/** A machine of a customer, placed at a location (and optionally a department and room). */
export const machines = pgTable(
  'machines',
  {
    id: serialId(),
    customerId: usedRef('customer_id', () => customers.id),
    locationId: usedRef('location_id', () => locations.id),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'restrict' }),
    roomId: integer('room_id').references(() => rooms.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 255 }).notNull(),
    inventoryNumber: varchar('inventory_number', { length: 255 }).notNull(),
    factoryNumber: varchar('factory_number', { length: 255 }),
    manufacturer: varchar('manufacturer', { length: 255 }),
    manufactureYear: integer('manufacture_year'),
    machineTypeId: integer('machine_type_id').references(() => machineTypes.id, { onDelete: 'restrict' }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    brandTypeId: integer('brand_type_id').references(() => brandTypes.id, { onDelete: 'restrict' }),
    status: text('status').$type<MachineStatus>().notNull().default('active'),
    priceCents: integer('price_cents'),
    /**
     * The earliest due date over the machine's due types, and whether any is Afgekeurd: kept by
     * `refresh_machine_due` (migration 0022) with its rows in `machine_due`, for the lists' filter
     * and sort.
     */
    nextDueDate: date('next_due_date', { mode: 'string' }),
    dueRejected: boolean('due_rejected').notNull().default(false),
    /** Year of the latest completed report (set by the reports). */
    reportYear: integer('report_year'),
    createdBy: userRef('created_by'),
    archivedAt: archivedAt(),
    ...timestamps(),
    /**
     * What the machines screen searches: name, inventory and factory number, lower-cased and kept
     * by the database, so a search is one LIKE per machine of the customer instead of three
     * ILIKEs. No trigram index: the customer already narrows the rows to a few thousand, and for
     * common words a trigram bitmap over all customers' machines costs more than it saves
     * (bench/: 100,000 machines, 5,000 for one customer).
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(name || ' ' || inventory_number || coalesce(' ' || factory_number, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('machines_inventory_unique').on(t.customerId, sql`lower(${t.inventoryNumber})`),
    // One per sort key of the machines screen, over the machines in use (what the screen lists
    // unless its archived switch is on): a page of a customer reads its rows in order from the
    // index alone, and deep pages skip rows without visiting the table.
    ...(
      [
        ['name', t.name],
        ['inventory', t.inventoryNumber],
        ['year', t.manufactureYear],
        ['status', t.status],
        ['created', t.createdAt],
      ] as const
    ).map(([key, column]) =>
      index(`machines_customer_${key}_idx`)
        .on(t.customerId, column, t.id)
        .where(sql`${t.archivedAt} is null`),
    ),
    // Counts a customer's machines in use (the list's total) from the index alone.
    index('machines_customer_active_idx')
      .on(t.customerId)
      .where(sql`${t.archivedAt} is null`),
    // The archived machines of a customer (a few): read them, then sort.
    index('machines_customer_archived_idx')
      .on(t.customerId)
      .where(sql`${t.archivedAt} is not null`),
    index('machines_customer_due_idx')
      .on(t.customerId, t.nextDueDate, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('machines_customer_rejected_idx')
      .on(t.customerId, t.id)
      .where(sql`${t.archivedAt} is null and ${t.dueRejected}`),
    index('machines_due_open_idx')
      .on(t.nextDueDate, t.customerId)
      .where(sql`${t.archivedAt} is null and not ${t.dueRejected}`),
    index('machines_location_idx').on(t.locationId),
    index('machines_department_idx').on(t.departmentId),
    index('machines_room_idx').on(t.roomId),
    index('machines_concept_idx')
      .on(t.status)
      .where(sql`${t.status} = 'concept'`),
    check('machines_status_check', sql`${t.status} in ('active', 'concept', 'inactive')`),
  ],
);

/** The questionnaire a machine uses per inspection type. */
export const machineQuestionnaires = pgTable(
  'machine_questionnaires',
  {
    machineId: ownerRef('machine_id', () => machines.id),
    inspectionType: text('inspection_type').$type<InspectionType>().notNull(),
    questionnaireId: usedRef('questionnaire_id', () => questionnaires.id),
  },
  (t) => [
    primaryKey({ columns: [t.machineId, t.inspectionType] }),
    index('machine_questionnaires_q_idx').on(t.questionnaireId),
  ],
);

/** Where a machine was moved from and to, by whom and when (its history). */
export const machineMoves = pgTable(
  'machine_moves',
  {
    id: serialId(),
    machineId: ownerRef('machine_id', () => machines.id),
    fromPlace: text('from_place').notNull(),
    toPlace: text('to_place').notNull(),
    movedBy: userRef('moved_by'),
    movedAt: timestamp('moved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('machine_moves_machine_idx').on(t.machineId, t.movedAt)],
);

/** An image of a machine; the files live in the storage (DATA_DIR/uploads by default). */
export const machineImages = pgTable(
  'machine_images',
  {
    id: serialId(),
    machineId: ownerRef('machine_id', () => machines.id),
    ...storedImage(),
    uploadedBy: userRef('uploaded_by'),
    createdAt: createdAt(),
  },
  (t) => [index('machine_images_machine_idx').on(t.machineId, t.id)],
);
