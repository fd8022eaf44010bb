import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { machines } from '../db/schema/machines';
import { malfunctionEvents, malfunctions } from '../db/schema/malfunctions';
import { users } from '../db/schema/users';
import { respondByOf } from '../lib/working-days';

/*
 * The demo's service desk: malfunctions of the demo customers reported by their demo
 * users, so the office list shows each marker at once: one urgent ("Machine staat stil", with a
 * number to call back) reported an hour ago, one past its response deadline ("Reactie te laat"),
 * one in progress (answered) of the other customer and one resolved. Deadlines are computed as a
 * report's (lib/working-days.ts, the default cut-off), from the moment each was reported.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The demo customer user's phone number (prefills "Bereikbaar op"). */
export const DEMO_CUSTOMER_PHONE = '+31 6 12345678';

export async function seedMalfunctions(tx: Executor, customerIds: number[]): Promise<void> {
  const now = Date.now();
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['klant@example.com', 'klant2@example.com', 'admin@example.com']));
  const idOf = (email: string) => people.find((p) => p.email === email)!.id;
  await tx.update(users).set({ phone: DEMO_CUSTOMER_PHONE }).where(eq(users.email, 'klant@example.com'));

  /** The machines in use of a customer, from the end of its list (the demo's task lists start at the front). */
  const machinesOf = async (customerId: number) =>
    (
      await tx
        .select({ id: machines.id })
        .from(machines)
        .where(and(eq(machines.customerId, customerId), eq(machines.status, 'active'), isNull(machines.archivedAt)))
        .orderBy(asc(machines.id))
    )
      .map((m) => m.id)
      .reverse();
  const [first, second] = [await machinesOf(customerIds[0]!), await machinesOf(customerIds[1]!)];

  type Seeded = {
    customer: number;
    machine: number;
    reporter: string;
    description: string;
    remark?: string;
    urgent?: boolean;
    phone?: string;
    ago: number;
    status?: 'open' | 'in_progress' | 'resolved';
    /** The office's response, this long after the report. */
    respondedAfter?: number;
    customerNote?: string;
  };
  const seeded: Seeded[] = [
    {
      customer: customerIds[0]!,
      machine: first[0]!,
      reporter: 'klant@example.com',
      description:
        'De machine staat stil: na een noodstop start hij niet meer op en de hydrauliekpomp maakt geen geluid.',
      remark: 'Productie ligt stil, graag zo snel mogelijk bellen.',
      urgent: true,
      phone: DEMO_CUSTOMER_PHONE,
      ago: HOUR,
    },
    {
      customer: customerIds[0]!,
      machine: first[1]!,
      reporter: 'klant@example.com',
      description: 'De noodstop moet twee keer ingedrukt worden voordat de machine stopt.',
      ago: 7 * DAY,
    },
    {
      customer: customerIds[1]!,
      machine: second[0]!,
      reporter: 'klant2@example.com',
      description: 'De beschermkap sluit niet goed meer, de machine werkt nog wel.',
      ago: 2 * DAY,
      status: 'in_progress',
      respondedAfter: 2 * HOUR,
      customerNote: 'Onze monteur komt deze week langs.',
    },
    {
      customer: customerIds[0]!,
      machine: first[2]!,
      reporter: 'klant@example.com',
      description: 'Lekkage bij de koelvloeistofleiding.',
      ago: 20 * DAY,
      status: 'resolved',
      respondedAfter: 3 * HOUR,
      customerNote: 'De koppeling is vervangen.',
    },
  ];

  const admin = idOf('admin@example.com');
  for (const s of seeded) {
    const reportedAt = new Date(now - s.ago);
    const respondedAt = s.respondedAfter === undefined ? null : new Date(reportedAt.getTime() + s.respondedAfter);
    const status = s.status ?? 'open';
    const [row] = await tx
      .insert(malfunctions)
      .values({
        customerId: s.customer,
        machineId: s.machine,
        reportedBy: idOf(s.reporter),
        description: s.description,
        remark: s.remark ?? null,
        status,
        urgent: s.urgent ?? false,
        contactPhone: s.phone ?? null,
        respondBy: respondByOf(reportedAt),
        respondedAt,
        handledBy: respondedAt ? admin : null,
        customerNote: s.customerNote ?? null,
        createdAt: reportedAt,
        updatedAt: respondedAt ?? reportedAt,
        resolvedAt: status === 'resolved' ? respondedAt : null,
      })
      .returning({ id: malfunctions.id });
    const events: (typeof malfunctionEvents.$inferInsert)[] = [
      { malfunctionId: row!.id, kind: 'reported', toStatus: 'open', byUser: idOf(s.reporter), at: reportedAt },
    ];
    if (respondedAt) {
      events.push(
        {
          malfunctionId: row!.id,
          kind: 'status',
          fromStatus: 'open',
          toStatus: status,
          byUser: admin,
          at: respondedAt,
        },
        { malfunctionId: row!.id, kind: 'note', customerNote: s.customerNote ?? '', byUser: admin, at: respondedAt },
      );
    }
    await tx.insert(malfunctionEvents).values(events);
  }
}
