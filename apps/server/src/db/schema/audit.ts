import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit trail: one append-only row per change of an audited table, written by the triggers of
 * migration 0040 in the change's transaction (never by the app; update, delete and truncate are
 * refused). `changes`: {column: [before, after]}; secret columns only say "[verborgen]".
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The user whose request made the change; null: the system. */
    actorId: integer('actor_id'),
    /** customer, location, department, room, machine, question, questionnaire(_category|_question), report, malfunction, user. */
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action', { enum: ['create', 'update', 'delete'] }).notNull(),
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull(),
    /** The machine the row belongs to (a machine, its reports and malfunctions): the machine's history. */
    machineId: integer('machine_id'),
    /** The report the row belongs to (a report, a malfunction raised from it): the report's history. */
    reportId: integer('report_id'),
  },
  (t) => [
    index('audit_events_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_events_actor_idx').on(t.actorId, t.id),
    index('audit_events_at_idx').on(t.at, t.id),
  ],
);
