import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DueFilter, DueState } from '@keurwijzer/shared/compliance';
import { dutchToday } from '@keurwijzer/shared/format';

/*
 * The due state in SQL: Afgekeurd / Verlopen / Binnenkort / In orde / Geen interval from a due
 * date and a rejected flag (a `machine_due` row, or a machine's summary `next_due_date` /
 * `due_rejected`) and today's Dutch day. Computed by PostgreSQL in the query that reads the rows,
 * never per row in Node; the conditions are ranges over the due date, so the indexes on
 * (…, due_date) serve the filters. Today comes from Node (the Dutch day) as a parameter: the
 * same for every row of a query, and a test can pin it.
 */

/** What a due state is computed against: today's Dutch day and the "due soon" window. */
export type DueClock = { today: string; soonDays: number };

/** The clock of now (config.dueSoonDays). */
export const dueClock = (soonDays: number, now: Date = new Date()): DueClock => ({ today: dutchToday(now), soonDays });

/** The last day that still counts as "due soon": today + soonDays. */
const soonEnd = (c: DueClock) => sql`(${c.today}::date + ${c.soonDays}::int)`;

/** The state as text ('rejected' | 'overdue' | 'due_soon' | 'up_to_date' | 'none'). */
export function dueStateSql(dueDate: SQLWrapper, rejected: SQLWrapper, c: DueClock): SQL<DueState> {
  return sql<DueState>`(case when ${rejected} then 'rejected'
    when ${dueDate} is null then 'none'
    when ${dueDate} <= ${c.today}::date then 'overdue'
    when ${dueDate} <= ${soonEnd(c)} then 'due_soon'
    else 'up_to_date' end)`;
}

/** The rows in one state: a range over the due date (index-friendly), plus the rejected flag. */
export function dueStateWhere(state: DueState, dueDate: SQLWrapper, rejected: SQLWrapper, c: DueClock): SQL {
  switch (state) {
    case 'rejected':
      return sql`${rejected}`;
    case 'overdue':
      return sql`(not ${rejected} and ${dueDate} <= ${c.today}::date)`;
    case 'due_soon':
      return sql`(not ${rejected} and ${dueDate} > ${c.today}::date and ${dueDate} <= ${soonEnd(c)})`;
    case 'up_to_date':
      return sql`(not ${rejected} and ${dueDate} > ${soonEnd(c)})`;
    case 'none':
      return sql`(not ${rejected} and ${dueDate} is null)`;
  }
}

/**
 * The rows of a list filter: a state (`dueStateWhere`), or In orde and Binnenkort together
 * (`in_order`, the customer's summary's "in orde").
 */
export function dueFilterWhere(filter: DueFilter, dueDate: SQLWrapper, rejected: SQLWrapper, c: DueClock): SQL {
  if (filter === 'in_order') return sql`(not ${rejected} and ${dueDate} > ${c.today}::date)`;
  return dueStateWhere(filter, dueDate, rejected, c);
}

/**
 * The clock of a prepared statement: today and the "due soon" window as placeholders, filled in
 * per execution with `clockParams(dueClock(…))`, so one plan serves every day (a clock's values
 * inlined into a prepared statement would freeze its first day). A one-off query passes the real
 * clock.
 */
export const PLACEHOLDER_CLOCK = {
  today: sql.placeholder('today'),
  soonDays: sql.placeholder('soonDays'),
} as unknown as DueClock;

/** The values of PLACEHOLDER_CLOCK for one execution. */
export const clockParams = (c: DueClock) => ({ today: c.today, soonDays: c.soonDays });
