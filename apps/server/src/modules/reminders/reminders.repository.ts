import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/sql-json';
import { dueStateSql, type DueClock } from '../../lib/due-state';

/*
 * What the reminder mails list, read in one statement each: the machines to mention per
 * customer (their due state computed by PostgreSQL from the machine's kept summary,
 * machines.next_due_date / due_rejected, lib/due-state.ts), at most `perCustomer` of them per
 * customer with the customer's counts, and who gets the mail.
 */

/** The states a reminder lists (a machine "In orde" or without an interval is not mentioned). */
export type ReminderState = 'rejected' | 'overdue' | 'due_soon';

/** One machine of a reminder. */
export type ReminderMachine = {
  id: number;
  name: string;
  inventoryNumber: string;
  /** Its machine type's name; null without one. */
  machineType: string | null;
  /** "YYYY-MM-DD": the earliest due date over its due types. */
  dueDate: string | null;
  state: ReminderState;
};

/** A customer of a reminder: its counts and its first machines (worst first, then by due date). */
export type ReminderCustomer = {
  id: number;
  name: string;
  rejected: number;
  overdue: number;
  dueSoon: number;
  /** Every machine it has in these states; `machines` holds the first `perCustomer`. */
  total: number;
  machines: ReminderMachine[];
};

/** Who gets a reminder. */
export type ReminderRecipient = { id: number; email: string; firstName: string; customerId: number | null };

type Row = {
  id: number;
  name: string;
  inventory_number: string;
  machine_type: string | null;
  due_date: string | null;
  state: ReminderState;
  customer_id: number;
  customer_name: string;
  rejected: number;
  overdue: number;
  due_soon: number;
  total: number;
  customers: number;
};

/**
 * The machines of every customer that has one in the listed states: `clock.soonDays` is the
 * window of "due soon" (the office: 28 days, customers: DUE_SOON_DAYS). `customerFilter` keeps
 * only the customers with such a machine (the customers' mail: an overdue or rejected one).
 */
async function dueByCustomer(
  db: Executor,
  clock: DueClock,
  opts: { perCustomer: number; maxCustomers: number; includeConcept: boolean; onlyCustomersWith: ReminderState[] },
): Promise<{ customers: ReminderCustomer[]; totalCustomers: number }> {
  const state = dueStateSql(sql`m.next_due_date`, sql`m.due_rejected`, clock);
  const concept: SQL = opts.includeConcept ? sql`` : sql`and m.status <> 'concept'`;
  const wanted = sql.join(
    opts.onlyCustomersWith.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = await rowsOf<Row>(
    db,
    sql`with listed as (
          select m.id, m.name, m.inventory_number, mt.name as machine_type, m.next_due_date::text as due_date,
            ${state} as state, m.customer_id, c.name as customer_name
          from machines m
          join customers c on c.id = m.customer_id and c.archived_at is null
          left join machine_types mt on mt.id = m.machine_type_id
          where m.archived_at is null ${concept}
            and (m.due_rejected or m.next_due_date <= (${clock.today}::date + ${clock.soonDays}::int))
        ),
        counted as (
          select l.*,
            row_number() over (partition by l.customer_id
              order by case l.state when 'rejected' then 0 when 'overdue' then 1 else 2 end,
                l.due_date nulls first, l.name, l.id)::int as rn,
            (count(*) filter (where l.state = 'rejected') over w)::int as rejected,
            (count(*) filter (where l.state = 'overdue') over w)::int as overdue,
            (count(*) filter (where l.state = 'due_soon') over w)::int as due_soon,
            (count(*) over w)::int as total,
            bool_or(l.state in (${wanted})) over w as wanted
          from listed l
          window w as (partition by l.customer_id)
        ),
        ranked as (
          select k.*,
            dense_rank() over (order by k.rejected + k.overdue desc, k.customer_name, k.customer_id)::int as customer_rank
          from (select * from counted where wanted) k
        ),
        numbered as (select r.*, max(r.customer_rank) over () as customers from ranked r)
        select id, name, inventory_number, machine_type, due_date, state, customer_id, customer_name,
          rejected, overdue, due_soon, total, customers
        from numbered
        where rn <= ${opts.perCustomer} and customer_rank <= ${opts.maxCustomers}
        order by customer_rank, rn`,
  );
  const customers: ReminderCustomer[] = [];
  for (const r of rows) {
    let customer = customers.at(-1);
    if (!customer || customer.id !== Number(r.customer_id)) {
      customer = {
        id: Number(r.customer_id),
        name: r.customer_name,
        rejected: Number(r.rejected),
        overdue: Number(r.overdue),
        dueSoon: Number(r.due_soon),
        total: Number(r.total),
        machines: [],
      };
      customers.push(customer);
    }
    customer.machines.push({
      id: Number(r.id),
      name: r.name,
      inventoryNumber: r.inventory_number,
      machineType: r.machine_type,
      dueDate: r.due_date,
      state: r.state,
    });
  }
  return { customers, totalCustomers: rows.length ? Number(rows[0]!.customers) : 0 };
}

export function createRemindersRepository(db: Executor) {
  /** The active users (activated, not archived) with reminder_mails on who match `who`. */
  const recipients = (who: SQL, ofCustomer: boolean): Promise<ReminderRecipient[]> =>
    rowsOf<{ id: number; email: string; first_name: string; customer_id: number | null }>(
      db,
      sql`select id, email, first_name, customer_id from users
          where ${who} and archived_at is null and activated_at is not null and reminder_mails
          order by id`,
    ).then((rows) =>
      rows.map((r) => ({
        id: Number(r.id),
        email: r.email,
        firstName: r.first_name,
        customerId: ofCustomer ? Number(r.customer_id) : null,
      })),
    );

  return {
    /**
     * The office's view: every customer with a machine overdue, rejected or due within
     * `clock.soonDays`, the worst customers first (most overdue and rejected), concept machines too.
     */
    officeDue: (clock: DueClock, limits: { perCustomer: number; maxCustomers: number }) =>
      dueByCustomer(db, clock, {
        ...limits,
        includeConcept: true,
        onlyCustomersWith: ['rejected', 'overdue', 'due_soon'],
      }),

    /**
     * The customers with a machine overdue or rejected (the machines they see: no concept ones),
     * with those machines and the ones due within `clock.soonDays`.
     */
    customersDue: (clock: DueClock, limits: { perCustomer: number }) =>
      dueByCustomer(db, clock, {
        ...limits,
        maxCustomers: 2_147_483_647,
        includeConcept: false,
        onlyCustomersWith: ['rejected', 'overdue'],
      }),

    /**
     * The office who wants reminders: the active admins and super admins (activated, not
     * archived; as db/shared-facts.ts officeEmails) with reminder_mails on.
     */
    officeRecipients: () => recipients(sql`role in ('admin', 'super_admin')`, false),

    /** The active users (activated, not archived) of these customers with reminder_mails on. */
    customerRecipients: (customerIds: number[]) =>
      customerIds.length === 0
        ? Promise.resolve([])
        : recipients(sql`role = 'customer' and customer_id = any(${`{${customerIds.join(',')}}`}::int[])`, true),
  };
}

export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
