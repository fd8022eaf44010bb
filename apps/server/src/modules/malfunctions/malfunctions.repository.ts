import { sql, type SQL } from 'drizzle-orm';
import {
  MALFUNCTIONS_PER_HOUR,
  MALFUNCTION_STATUSES,
  type MalfunctionListQuery,
  type MalfunctionStatus,
  type OwnMalfunctionListQuery,
} from '@keurwijzer/shared/malfunctions';
import type { Db, Executor } from '../../db/client';
import { likePattern, pageMeta } from '../../lib/list-query';
import {
  MAIL_FACTS,
  MALFUNCTION_DETAIL_JSON,
  MALFUNCTION_JSON,
  OWN_MALFUNCTION_JSON,
  lateMalfunction,
  statusOrder,
  type MalfunctionMailFacts,
} from './malfunctions.presenter';
import { openMalfunction } from '../../db/shared-facts';
import { fullName, rowsOf } from '../../db/sql-json';

/*
 * Malfunctions, their photos and their timeline. Reads are one statement each, built as the
 * API's JSON by PostgreSQL. A page of the office's list picks its ids first from the malfunction's
 * own row (newest first from malfunctions_created_idx, a status filter from
 * malfunctions_status_created_idx, a customer from malfunctions_customer_created_idx), and only
 * those rows get their names; a search is conditions on the row (hashed sub-plans over the small
 * tables of names), a sort by a name joins only that table.
 */

/** The customer's machine in use that a malfunction may be reported on. */
export type ReportableMachine = { id: number; customerId: number };

export type PhotoValues = {
  fileKey: string;
  thumbKey: string;
  contentType: string;
  size: number;
  width: number;
  height: number;
};

export type PhotoRow = PhotoValues & { id: number; malfunctionId: number };

/** What a change by the office needs of the locked row. */
export type HandledRow = {
  id: number;
  status: MalfunctionStatus;
  internalNote: string | null;
  customerNote: string | null;
  assignedTo: number | null;
};

export type HandleChange = {
  status: MalfunctionStatus;
  internalNote: string | null;
  customerNote: string | null;
  assignedTo: number | null;
  /** A response to the customer (a status change or a note for them): sets `responded_at` the first time. */
  responds: boolean;
  events: {
    kind: 'status' | 'note' | 'assigned';
    fromStatus?: MalfunctionStatus;
    toStatus?: MalfunctionStatus;
    reason?: string | null;
    internalNote?: string | null;
    customerNote?: string | null;
    assignedTo?: number | null;
  }[];
};

/** Reports of one user within the last hour, when the throttle is decided. */
const reportsOfLastHour = (userId: number) =>
  sql`select count(*)::int as n from malfunctions
      where reported_by = ${userId} and created_at > now() - interval '1 hour'`;

/** A namespace for the throttle's advisory locks (per user: one report of a user at a time). */
const THROTTLE_LOCK = 120_012;

/**
 * The office list's default order: the active urgent ones, then the other active ones, then the
 * rest (always in that order), each newest first. malfunctions_priority_idx holds the same
 * expression, so a page is read from the index as the plain newest-first one is.
 */
export const PRIORITY = sql`(case when f.status in ('open', 'in_progress') then (case when f.urgent then 2 else 1 end) else 0 end)`;

/** `indexed`: a page is read from an index in this order, so its total is counted apart (or kept). */
const SORT: Record<MalfunctionListQuery['sortKey'], { join: SQL; order: SQL; indexed?: boolean }> = {
  urgency: { join: sql``, order: sql`${PRIORITY} desc, f.created_at`, indexed: true },
  reported_at: { join: sql``, order: sql`f.created_at`, indexed: true },
  respond_by: { join: sql``, order: sql`f.respond_by`, indexed: true },
  updated_at: { join: sql``, order: sql`f.updated_at` },
  status: { join: sql``, order: statusOrder(sql`f.status`) },
  customer: { join: sql`join customers c on c.id = f.customer_id`, order: sql`lower(c.name)` },
  machine: { join: sql`join machines m on m.id = f.machine_id`, order: sql`lower(m.name)` },
};

function officeConditions(q: MalfunctionListQuery): SQL {
  const filters: SQL[] = [sql`true`];
  if (q.status !== undefined) filters.push(sql`f.status = ${q.status}`);
  if (q.customer_id !== undefined) filters.push(sql`f.customer_id = ${q.customer_id}`);
  if (q.late) filters.push(lateMalfunction('f'));
  if (q.assigned_to !== undefined) filters.push(sql`f.assigned_to = ${q.assigned_to}`);
  if (q.search) {
    const p = likePattern(q.search);
    filters.push(sql`(f.description ilike ${p} or f.reporter_name ilike ${p}
      or f.customer_id in (select sc.id from customers sc where sc.name ilike ${p})
      or f.machine_id in (select sm.id from machines sm where sm.name ilike ${p} or sm.inventory_number ilike ${p}
        or sm.location_id in (select sl.id from locations sl where sl.name ilike ${p}))
      or f.reported_by in (select su.id from users su
        where ${fullName('su')} ilike ${p}))`);
  }
  return sql.join(filters, sql` and `);
}

function ownConditions(customerId: number, q: OwnMalfunctionListQuery): SQL {
  const filters: SQL[] = [sql`f.customer_id = ${customerId}`];
  if (q.status !== undefined) filters.push(sql`f.status = ${q.status}`);
  if (q.machine_id !== undefined) filters.push(sql`f.machine_id = ${q.machine_id}`);
  if (q.search) {
    const p = likePattern(q.search);
    filters.push(sql`(f.description ilike ${p}
      or f.machine_id in (select sm.id from machines sm where sm.customer_id = ${customerId}
        and (sm.name ilike ${p} or sm.inventory_number ilike ${p})))`);
  }
  return sql.join(filters, sql` and `);
}

/**
 * The total of the office list without a search or a customer: the number of malfunctions of the
 * status, or of every status, as kept by triggers (kept_counts, migration 0021): exact at once and
 * a primary-key read, where an index-only count of the 10,000 Open ones took ~1.3 ms of a ~1.8 ms
 * page and the whole list's total (50,000) was PostgreSQL's estimate (pg_class.reltuples) that
 * lagged until the next ANALYZE. A customer or a search is counted.
 */
const keptTotal = (status: MalfunctionStatus | undefined) =>
  sql`(select sum(n)::int from kept_counts where key in (${sql.join(
    (status ? [status] : MALFUNCTION_STATUSES).map((s) => sql`${`malfunctions:${s}`}`),
    sql`, `,
  )}))`;

/** One page as JSON text with its total (one statement: the total is a scalar sub-select). */
async function page(
  db: Db,
  json: SQL,
  where: SQL,
  sort: { join: SQL; order: SQL; indexed?: boolean },
  q: { page: number; itemsPerPage: number; sortOrder: 'asc' | 'desc'; search?: string },
  /** The total when it is kept (keptTotal) instead of counted. */
  kept?: SQL,
) {
  const dir = sql.raw(q.sortOrder === 'desc' ? 'desc' : 'asc');
  const order = sql`${sort.order} ${dir}, f.id ${dir}`;
  const limit = q.itemsPerPage;
  const offset = (q.page - 1) * q.itemsPerPage;
  // Newest first, a page reads its entries from an index and counts apart (an index-only count);
  // a search or another sort reads every match anyway, so it counts them in the same pass
  // (a window count) instead of evaluating the conditions twice.
  const onePass = Boolean(q.search) || !sort.indexed;
  const rows = await rowsOf<{ json: string; total: number }>(
    db,
    onePass
      ? sql`select ${json}::text as json, p.total
          from (select f.id, row_number() over (order by ${order}) as n, count(*) over ()::int as total
                from malfunctions f ${sort.join} where ${where}
                order by ${order} limit ${limit} offset ${offset}) p
          join malfunctions f on f.id = p.id
          order by p.n`
      : sql`select ${json}::text as json, ${kept ?? sql`(select count(*)::int from malfunctions f where ${where})`} as total
          from (select f.id, row_number() over (order by ${order}) as n
                from malfunctions f ${sort.join} where ${where}
                order by ${order} limit ${limit} offset ${offset}) p
          join malfunctions f on f.id = p.id
          order by p.n`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    const [row] = await rowsOf<{ total: number }>(
      db,
      sql`select count(*)::int as total from malfunctions f where ${where}`,
    );
    total = row?.total ?? 0;
  }
  return { dataJson: `[${rows.map((r) => r.json).join(',')}]`, count: rows.length, meta: pageMeta(total, q) };
}

/** Who reported: a user, or someone without an account through the QR label (anonymous). */
type Reporter = { userId: number } | { name: string; contact: string };

/**
 * One statement that stores a report: the malfunction (when its machine is still in use), its
 * photos and its 'reported' event, returning the new id (no row: the machine was archived or
 * moved meanwhile). The customer's report and the QR label's anonymous one differ only in the
 * reporter.
 */
function insertReport(values: {
  customerId: number;
  machineId: number;
  reporter: Reporter;
  description: string;
  remark: string | null;
  urgent: boolean;
  contactPhone: string | null;
  reportedAt: Date;
  respondBy: Date;
  photos: PhotoValues[];
}): SQL {
  const user = 'userId' in values.reporter ? values.reporter.userId : null;
  const anonymous = 'userId' in values.reporter ? null : values.reporter;
  const photosJson = JSON.stringify(values.photos.map((p, i) => ({ ...p, i })));
  const at = values.reportedAt.toISOString();
  return sql`with f as (
      insert into malfunctions (customer_id, machine_id, reported_by, anonymous, reporter_name, reporter_contact,
        description, remark, urgent, contact_phone, created_at, updated_at, respond_by)
      select ${values.customerId}, m.id, ${user}::int, ${anonymous !== null}::boolean, ${anonymous?.name ?? null}::varchar,
        ${anonymous?.contact ?? null}::varchar, ${values.description}, ${values.remark}, ${values.urgent}::boolean,
        ${values.contactPhone}::varchar, ${at}::timestamptz, ${at}::timestamptz, ${values.respondBy.toISOString()}::timestamptz
      from machines m
      where m.id = ${values.machineId} and m.customer_id = ${values.customerId}
        and m.archived_at is null and m.status <> 'concept'
      returning id, created_at),
    ph as (
      insert into malfunction_photos (malfunction_id, file_key, thumb_key, content_type, size, width, height)
      select f.id, p."fileKey", p."thumbKey", p."contentType", p.size, p.width, p.height
      from f, json_to_recordset(${photosJson}::json)
        as p("fileKey" text, "thumbKey" text, "contentType" text, size int, width int, height int, i int)
      order by i),
    ev as (
      insert into malfunction_events (malfunction_id, kind, to_status, by_user, at)
      select f.id, 'reported', 'open', ${user}::int, f.created_at from f)
    select id from f`;
}

export function createMalfunctionsRepository(db: Db) {
  return {
    /** The customer's machine in use (not archived, not a concept), or undefined. */
    async reportableMachine(customerId: number, machineId: number): Promise<ReportableMachine | undefined> {
      const [row] = await rowsOf<ReportableMachine>(
        db,
        sql`select id, customer_id as "customerId" from machines
            where id = ${machineId} and customer_id = ${customerId}
              and archived_at is null and status <> 'concept'`,
      );
      return row;
    },

    /** Reports of the user in the last hour (the cheap check before the upload is read). */
    async reportsOfLastHour(userId: number): Promise<number> {
      const [row] = await rowsOf<{ n: number }>(db, reportsOfLastHour(userId));
      return row?.n ?? 0;
    },

    /**
     * Stores a report with its photos and its 'reported' event in one transaction, under an
     * advisory lock per user: the throttle counts the user's reports of the last hour inside it,
     * so parallel reports of one user are decided one after the other (never more than
     * MALFUNCTIONS_PER_HOUR). Returns the new id, or null when the throttle refuses.
     */
    async report(values: {
      customerId: number;
      machineId: number;
      reportedBy: number;
      description: string;
      remark: string | null;
      /** "Machine staat stil". */
      urgent: boolean;
      /** "Bereikbaar op" (normalised by the shared schema). */
      contactPhone: string | null;
      /** The report's moment (created_at) and its response deadline (lib/working-days.ts). */
      reportedAt: Date;
      respondBy: Date;
      photos: PhotoValues[];
    }): Promise<number | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${THROTTLE_LOCK}, ${values.reportedBy})`);
        const [count] = await rowsOf<{ n: number }>(tx, reportsOfLastHour(values.reportedBy));
        if ((count?.n ?? 0) >= MALFUNCTIONS_PER_HOUR) return null;
        const [row] = await rowsOf<{ id: number }>(
          tx,
          insertReport({ ...values, reporter: { userId: values.reportedBy } }),
        );
        // The machine was archived or moved meanwhile: as missing.
        return row?.id ?? 0;
      });
    },

    /**
     * Stores a malfunction reported through the machine's QR label by someone without an account
     *: anonymous, with the name and contact they gave, its photo and its 'reported'
     * event, in one statement; the machine must still be in use. Returns the new id, or 0 when
     * the machine was archived meanwhile. Throttled by the labels module (per address and machine).
     */
    async reportAnonymous(values: {
      customerId: number;
      machineId: number;
      reporterName: string;
      reporterContact: string;
      description: string;
      urgent: boolean;
      reportedAt: Date;
      respondBy: Date;
      photos: PhotoValues[];
    }): Promise<number> {
      const [row] = await rowsOf<{ id: number }>(
        db,
        insertReport({
          ...values,
          remark: null,
          contactPhone: null,
          reporter: { name: values.reporterName, contact: values.reporterContact },
        }),
      );
      return row?.id ?? 0;
    },

    /** A malfunction of the customer as its customer sees it (one statement). */
    async own(customerId: number, id: number): Promise<unknown> {
      const [row] = await rowsOf<{ json: unknown }>(
        db,
        sql`select ${OWN_MALFUNCTION_JSON} as json from malfunctions f where f.id = ${id} and f.customer_id = ${customerId}`,
      );
      return row?.json;
    },

    ownList: (customerId: number, q: OwnMalfunctionListQuery) =>
      page(
        db,
        OWN_MALFUNCTION_JSON,
        ownConditions(customerId, q),
        q.sortKey === 'status' ? SORT.status : SORT.reported_at,
        q,
      ),

    list: (q: MalfunctionListQuery) =>
      page(
        db,
        MALFUNCTION_JSON,
        officeConditions(q),
        SORT[q.sortKey],
        q,
        q.search || q.customer_id !== undefined || q.late || q.assigned_to !== undefined
          ? undefined
          : keptTotal(q.status),
      ),

    /** Open and In behandeling, and how many of them are late (malfunctions_awaiting_idx). */
    async openCount(): Promise<{ count: number; late: number }> {
      const [row] = await rowsOf<{ count: number; late: number }>(
        db,
        sql`select (select count(*)::int from malfunctions where ${openMalfunction()}) as count,
              (select count(*)::int from malfunctions f where ${lateMalfunction('f')}) as late`,
      );
      return { count: row?.count ?? 0, late: row?.late ?? 0 };
    },

    detail: (id: number): Promise<unknown> => detailOf(db, id),

    /** A photo of the malfunction (of the customer, when given), or undefined. */
    async photo(malfunctionId: number, photoId: number, customerId?: number): Promise<PhotoRow | undefined> {
      const [row] = await rowsOf<PhotoRow>(
        db,
        sql`select p.id, p.malfunction_id as "malfunctionId", p.file_key as "fileKey", p.thumb_key as "thumbKey",
              p.content_type as "contentType", p.size, p.width, p.height
            from malfunction_photos p join malfunctions f on f.id = p.malfunction_id
            where p.id = ${photoId} and p.malfunction_id = ${malfunctionId}
              ${customerId === undefined ? sql`` : sql`and f.customer_id = ${customerId}`}`,
      );
      return row;
    },

    /**
     * The office's change: the row is locked (`for update`) while `decide` looks at it, so two
     * changes at once are decided one after the other, each from the status the other left. The
     * change, its events and the actor as `handled_by` are written in the same transaction.
     * Returns the detail after the change, or undefined when there is no such malfunction.
     */
    async handle(
      id: number,
      actorId: number,
      decide: (row: HandledRow) => HandleChange | null,
    ): Promise<{ detail: unknown; before: HandledRow; change: HandleChange | null } | undefined> {
      return db.transaction(async (tx) => {
        const [before] = await rowsOf<HandledRow>(
          tx,
          sql`select id, status, internal_note as "internalNote", customer_note as "customerNote",
                assigned_to as "assignedTo"
              from malfunctions where id = ${id} for update`,
        );
        if (!before) return undefined;
        const change = decide(before);
        if (change) {
          await tx.execute(sql`update malfunctions set
              status = ${change.status},
              internal_note = ${change.internalNote},
              customer_note = ${change.customerNote},
              assigned_to = ${change.assignedTo},
              responded_at = coalesce(responded_at, case when ${change.responds} then now() end),
              handled_by = ${actorId},
              updated_at = now(),
              resolved_at = case
                when ${change.status} = 'resolved' and status <> 'resolved' then now()
                when ${change.status} = 'resolved' then resolved_at
                else null end
            where id = ${id}`);
          if (change.events.length > 0) {
            await tx.execute(sql`insert into malfunction_events
                (malfunction_id, kind, from_status, to_status, reason, internal_note, customer_note, assigned_to, by_user)
              values ${sql.join(
                change.events.map(
                  (e) =>
                    sql`(${id}, ${e.kind}, ${e.fromStatus ?? null}, ${e.toStatus ?? null}, ${e.reason ?? null},
                      ${e.internalNote ?? null}, ${e.customerNote ?? null}, ${e.assignedTo ?? null}, ${actorId})`,
                ),
                sql`, `,
              )}`);
          }
        }
        return { detail: await detailOf(tx, id), before, change };
      });
    },

    /** Whether a malfunction may be assigned to the user: an active mechanic, admin or super admin. */
    async isAssignable(userId: number): Promise<boolean> {
      const [row] = await rowsOf<{ ok: boolean }>(
        db,
        sql`select exists(select 1 from users where id = ${userId} and role in ('super_admin', 'admin', 'mechanic')
              and archived_at is null and activated_at is not null) as ok`,
      );
      return row?.ok ?? false;
    },

    /** What the mails say of a malfunction. */
    async mailFacts(id: number): Promise<MalfunctionMailFacts | undefined> {
      const [row] = await rowsOf<{ json: MalfunctionMailFacts }>(
        db,
        sql`select ${MAIL_FACTS} as json from malfunctions f
            join machines m on m.id = f.machine_id
            join locations l on l.id = m.location_id
            left join departments d on d.id = m.department_id
            left join rooms r on r.id = m.room_id
            left join users u on u.id = f.reported_by
            where f.id = ${id}`,
      );
      return row?.json;
    },
  };
}

/** The office's whole malfunction (one statement), or undefined. */
async function detailOf(tx: Executor, id: number): Promise<unknown> {
  const [row] = await rowsOf<{ json: unknown }>(
    tx,
    sql`select ${MALFUNCTION_DETAIL_JSON} as json from malfunctions f where f.id = ${id}`,
  );
  return row?.json;
}

export type MalfunctionsRepository = ReturnType<typeof createMalfunctionsRepository>;
