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
    /** The personal API token the request was made with (migration 0041); null: a session or the system. */
    apiTokenId: integer('api_token_id'),
    /** customer, location, department, room, machine, question, questionnaire(_category|_question), report, malfunction, user. */
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    /** create, update, delete; `use`: a request made with an API token (entity api_token). */
    action: text('action', { enum: ['create', 'update', 'delete', 'use'] }).notNull(),
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
