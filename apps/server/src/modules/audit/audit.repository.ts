import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditEvent, AuditListQuery, HistoryQuery } from '@keurwijzer/shared/audit';
import type { Db } from '../../db/client';
import { apiTokens } from '../../db/schema/api-tokens';
import { auditEvents } from '../../db/schema/audit';
import { machines } from '../../db/schema/machines';
import { reports } from '../../db/schema/tasklists';
import { users } from '../../db/schema/users';
import { allOf, paginate, searchCondition } from '../../lib/list-query';
import { namesOf, presentAuditEvent, type AuditRow as Row } from './audit.presenter';

const actorName = sql<
  string | null
>`nullif(concat_ws(' ', ${users.firstName}, ${users.preposition}, ${users.lastName}), '')`;

const columns = {
  id: auditEvents.id,
  at: auditEvents.at,
  actorId: auditEvents.actorId,
  actorName,
  actorEmail: users.email,
  apiTokenId: auditEvents.apiTokenId,
  apiTokenName: apiTokens.name,
  entity: auditEvents.entity,
  entityId: auditEvents.entityId,
  action: auditEvents.action,
  changes: auditEvents.changes,
  machineId: auditEvents.machineId,
  reportId: auditEvents.reportId,
};

/** The start of a Dutch calendar day ('2026-11-27') as a timestamp. */
const dutchDayStart = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone 'Europe/Amsterdam')`;

function filterOf(q: AuditListQuery): SQL | undefined {
  return allOf(
    q.entity ? eq(auditEvents.entity, q.entity) : undefined,
    q.entity_id ? eq(auditEvents.entityId, q.entity_id) : undefined,
    q.actor_id ? eq(auditEvents.actorId, q.actor_id) : undefined,
    q.from ? gte(auditEvents.at, dutchDayStart(q.from)) : undefined,
    q.to ? lt(auditEvents.at, dutchDayStart(q.to, 1)) : undefined,
    q.search
      ? sql`(${searchCondition(q.search, [sql`${auditEvents.changes}::text`])} or ${auditEvents.actorId} in (select id from users where ${searchCondition(q.search, [users.searchText])}))`
      : undefined,
  );
}

/**
 * The trail (`audit_events`, written by the triggers of migration 0040, and a row per request made
 * with an API token), read newest first.
 */
export function createAuditRepository(db: Db) {
  /** Rows as the office reads them, with the names of what they refer to (one more statement). */
  const present = async (rows: Row[]): Promise<AuditEvent[]> => {
    const names = await namesOf(db, rows);
    return rows.map((r) => presentAuditEvent(r, names));
  };
  /** The trail's rows with who made them (and with which API token). */
  const selectRows = () =>
    db
      .select(columns)
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .leftJoin(apiTokens, eq(apiTokens.id, auditEvents.apiTokenId));
  const page = (where: SQL | undefined, q: HistoryQuery) =>
    paginate(
      q,
      () => db.$count(auditEvents, where),
      async (limit, offset) =>
        present((await selectRows().where(where).orderBy(desc(auditEvents.id)).limit(limit).offset(offset)) as Row[]),
    );

  return {
    list: (q: AuditListQuery) => page(filterOf(q), q),

    /** The machine's own changes and those of its reports and malfunctions. */
    machineHistory: (machineId: number, q: HistoryQuery) => page(eq(auditEvents.machineId, machineId), q),

    /** The report's changes (planned, submitted, verdict, a new version) and those of rows that name it. */
    reportHistory: (reportId: number, q: HistoryQuery) => page(eq(auditEvents.reportId, reportId), q),

    async machineOfCustomer(customerId: number, machineId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: machines.id })
        .from(machines)
        .where(and(eq(machines.id, machineId), eq(machines.customerId, customerId)));
      return row !== undefined;
    },

    async reportExists(reportId: number): Promise<boolean> {
      const [row] = await db.select({ id: reports.id }).from(reports).where(eq(reports.id, reportId));
      return row !== undefined;
    },

    /** The filtered trail for the export, newest first, 1,000 rows at a time (by id: stable while rows are added). */
    async *exportRows(q: AuditListQuery, max: number): AsyncGenerator<AuditEvent[]> {
      let before: number | null = null;
      let left = max;
      while (left > 0) {
        const rows = (await selectRows()
          .where(allOf(filterOf(q), before === null ? undefined : lt(auditEvents.id, before)))
          .orderBy(desc(auditEvents.id))
          .limit(Math.min(1000, left))) as Row[];
        if (rows.length === 0) return;
        yield await present(rows);
        left -= rows.length;
        before = rows.at(-1)!.id;
      }
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
