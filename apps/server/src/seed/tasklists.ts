import { sql } from 'drizzle-orm';
import { addDays } from '@keurwijzer/shared/compliance';
import { dutchToday } from '@keurwijzer/shared/format';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import type { Db, Executor } from '../db/client';
import { tasklists } from '../db/schema/tasklists';
import { rowsOf } from '../db/sql-json';
import { createTasklistsRepository } from '../modules/tasklists/tasklists.repository';

/*
 * The demo's field work: for every demo customer task lists in every status (Afgerond in the
 * past two years, In uitvoering, Gepland, Concept), submitted reports by the demo mechanic and
 * the invited ones (some categories skipped, one machine "not at the indicated place"), and one
 * list planned today for monteur@example.com with open reports to fill in. Machines are planned
 * through the tasklists repository's `plan` (the real questionnaire copy); answers and submits
 * are set-based statements per list, and the triggers of migration 0010 keep the lists' figures.
 */

type Mode = 'completed' | 'in_progress' | 'planned' | 'concept';

/** A calendar date `days` from today (Amsterdam) as "YYYY-MM-DD". */
function dayFromToday(days: number): string {
  return addDays(dutchToday(), days);
}

const MEMOS = [
  'Afwijking besproken met de klant, herstel ingepland.',
  'Ter plaatse hersteld.',
  'Onderdeel besteld, opnieuw controleren bij volgend bezoek.',
];

/**
 * Answers every question of the list's reports (or, with `share` < 1, of the first share of its
 * questions per report, which leaves those reports open): mostly the first option (Goed, In
 * orde, Ja) and a measured value well within its limits; now and then the second option where
 * that is an Opmerking (Matig, Nee), with a memo. Every 13th report (by id) is an Afkeur: its
 * first measurement out of its limits, or else its first question with an Afkeur option answered
 * so. The triggers judge the answers and give the submitted report its verdict and follow-ups.
 * Skips first: the NEN 3140 measurements of the class the machine is not (klasse I or II), and
 * the last category of every fifth report.
 */
async function answer(tx: Executor, listId: number, opts: { skip: boolean; reportIds?: number[]; share?: number }) {
  const only = opts.reportIds ? sql`and r.id = any(${`{${opts.reportIds.join(',')}}`}::int[])` : sql``;
  await tx.execute(sql`update report_categories c set skipped = true
    from reports r
    where r.id = c.report_id and r.tasklist_id = ${listId} ${only}
      and c.name = case when r.machine_id % 3 = 0 then 'Metingen klasse I' else 'Metingen klasse II' end
      and exists(select 1 from report_categories o where o.report_id = r.id
        and o.name = case when r.machine_id % 3 = 0 then 'Metingen klasse II' else 'Metingen klasse I' end)`);
  if (opts.skip) {
    await tx.execute(sql`update report_categories c set skipped = true
      from reports r
      where r.id = c.report_id and r.tasklist_id = ${listId} ${only} and r.id % 5 = 0
        and c.position = (select max(position) from report_categories l where l.report_id = r.id) and c.position > 1`);
  }
  await tx.execute(sql`insert into report_answers (report_id, report_question_id, option, value, memo, answered_at)
    select q.report_id, q.id,
      case when q.kind = 'measurement' then null
        when q.rejects then array_position(q.answer_judgements, 'reject')
        when q.odd then 2 else 1 end,
      case when q.kind <> 'measurement' then null
        when q.rejects then coalesce(round(q.max_value * 1.6, 2), round(q.min_value * 0.4, 2))
        else coalesce(round(q.max_value * (0.2 + (q.id % 5) * 0.1), 2), round(q.min_value * (40 + q.id % 160), 1)) end,
      case when (q.odd or q.rejects) and q.memo_title is not null
        then (${`{${MEMOS.map((m) => `"${m}"`).join(',')}}`}::text[])[1 + q.id % 3] end,
      (t.planned_date + time '08:00') at time zone 'Europe/Amsterdam' + (q.report_id % 20) * interval '20 minutes'
        + q.k * interval '20 seconds'
    from (
      select q.*, r.tasklist_id,
        q.kind = 'choice' and q.answer_judgements[2] = 'remark' and (q.id * 37 + r.id) % 11 = 0 as odd,
        r.id % 13 = 5 and row_number() over (
          partition by q.report_id, (q.kind = 'measurement' or 'reject' = any(q.answer_judgements))
          order by q.kind = 'measurement' desc, c.position, q.position) = 1
          and (q.kind = 'measurement' or 'reject' = any(q.answer_judgements)) as rejects,
        row_number() over (partition by q.report_id order by c.position, q.position) as k,
        count(*) over (partition by q.report_id) as total
      from report_questions q
      join report_categories c on c.id = q.report_category_id and not c.skipped
      join reports r on r.id = q.report_id
      where r.tasklist_id = ${listId} ${only}
    ) q
    join tasklists t on t.id = q.tasklist_id
    where q.k <= ceil(${opts.share ?? 1}::float8 * q.total)`);
}

/** Submits the list's reports (all, or the given ones) as filled in by `mechanicId` on the planned day. */
async function submit(tx: Executor, listId: number, mechanicId: number, reportIds?: number[]) {
  const only = reportIds ? sql`and r.id = any(${`{${reportIds.join(',')}}`}::int[])` : sql``;
  await tx.execute(sql`update reports r set status = 'submitted', filled_in_by = ${mechanicId},
      submitted_at = (t.planned_date + time '08:30') at time zone 'Europe/Amsterdam' + (r.id % 20) * interval '20 minutes'
        + interval '15 minutes',
      updated_at = now()
    from tasklists t
    where t.id = r.tasklist_id and r.tasklist_id = ${listId} ${only}`);
}

export async function seedTasklists(db: Db, tx: Executor, customerIds: number[]): Promise<void> {
  const repo = createTasklistsRepository(db);
  const mechanics = (
    await rowsOf<{ id: number; email: string }>(
      tx,
      sql`select id, email from users where role = 'mechanic' order by (email = 'monteur@example.com') desc, id`,
    )
  ).map((u) => u.id);
  const [admin] = await rowsOf<{ id: number }>(tx, sql`select id from users where email = 'admin@example.com'`);
  const monteur = mechanics[0]!;

  // What can be planned: per customer, location and type the active machines with a questionnaire of it.
  const plannable = await rowsOf<{ customer_id: number; location_id: number; type: InspectionType; ids: number[] }>(
    tx,
    sql`select m.customer_id, m.location_id, mq.inspection_type as type, array_agg(m.id order by m.id) as ids
        from machines m join machine_questionnaires mq on mq.machine_id = m.id
        where m.archived_at is null and m.status = 'active'
        group by m.customer_id, m.location_id, mq.inspection_type
        order by m.customer_id, m.location_id, count(*) desc, mq.inspection_type`,
  );

  const make = async (
    group: { customer_id: number; location_id: number; type: InspectionType; ids: number[] } | undefined,
    customerId: number,
    plannedDate: string,
    createdBy: number,
    mode: Mode,
    remarks: string | null = null,
  ) => {
    const locationId =
      group?.location_id ??
      (await rowsOf<{ id: number }>(tx, sql`select min(id) as id from locations where customer_id = ${customerId}`))[0]!
        .id;
    const type = group?.type ?? 'safety';
    const [row] = await tx
      .insert(tasklists)
      .values({ customerId, locationId, inspectionType: type, plannedDate, remarks, createdBy })
      .returning({ id: tasklists.id });
    const list = { id: row!.id, customer_id: customerId, location_id: locationId, inspection_type: type };
    if (mode === 'concept' || !group) return list.id;
    await repo.plan(list, mode === 'planned' ? group.ids.slice(0, 8) : group.ids, tx);
    if (mode === 'completed') {
      await answer(tx, list.id, { skip: true });
      await submit(tx, list.id, createdBy);
    } else if (mode === 'in_progress') {
      // The first half submitted, the next one half answered, the rest untouched.
      const reportIds = (
        await rowsOf<{ id: number }>(tx, sql`select id from reports where tasklist_id = ${list.id} order by id`)
      ).map((r) => r.id);
      const half = Math.max(1, Math.floor(reportIds.length / 2));
      await answer(tx, list.id, { skip: true, reportIds: reportIds.slice(0, half) });
      await submit(tx, list.id, createdBy, reportIds.slice(0, half));
      if (reportIds.length > half)
        await answer(tx, list.id, { skip: false, reportIds: [reportIds[half]!], share: 0.5 });
    }
    return list.id;
  };

  let latestCompleted = 0;
  for (const [c, customerId] of customerIds.entries()) {
    const groups = plannable.filter((g) => g.customer_id === customerId);
    // History: every location and type once or twice in the past two years, by turns of mechanics.
    for (const [i, g] of groups.entries()) {
      const mechanic = mechanics[(i + c) % mechanics.length]!;
      latestCompleted = await make(
        g,
        customerId,
        dayFromToday(-720 + ((i * 37 + c * 53) % 300)),
        mechanic,
        'completed',
      );
      // Most again in the past year, spread so that the due dates (12 or 6 months on) fall in the
      // past, in the coming 30 days and later; every fifth not, so that it is overdue.
      // Maintenance (mostly every 6 months) within the last 200 days.
      if (i % 5 !== 3) {
        const spread = g.type === 'maintenance' ? 180 : 350;
        latestCompleted = await make(
          g,
          customerId,
          dayFromToday(-20 - spread + ((i * 41 + c * 29 + 200) % spread)),
          mechanics[(i + c + 1) % mechanics.length]!,
          'completed',
          i % 4 === 0 ? 'Sleutel ophalen bij de receptie' : null,
        );
      }
    }
    // Current work: in progress (started last week), planned (coming weeks), concept.
    const [first, second] = [groups[0], groups[1] ?? groups[0]];
    if (c === 0) {
      // Today's list of the demo mechanic: open reports ready to fill in.
      await make(first, customerId, dayFromToday(0), monteur, 'planned', 'Melden bij de portier, hal 2');
      // And a NEN 3140 keuring of today at the main site (Eindhoven): its electric tools and saws.
      const [nen] = await rowsOf<{ location_id: number; ids: number[] }>(
        tx,
        sql`select m.location_id, array_agg(m.id order by m.id) as ids
            from machines m
            join machine_questionnaires mq on mq.machine_id = m.id and mq.inspection_type = 'inspection'
            join questionnaires q on q.id = mq.questionnaire_id and q.name = 'NEN 3140 Arbeidsmiddelen'
            where m.customer_id = ${customerId} and m.archived_at is null and m.status = 'active'
              and m.location_id = (select min(id) from locations where customer_id = ${customerId})
            group by m.location_id`,
      );
      if (!nen) throw new Error('No electric machine with the NEN 3140 questionnaire at the demo location');
      await make(
        { customer_id: customerId, location_id: nen.location_id, type: 'inspection', ids: nen.ids },
        customerId,
        dayFromToday(0),
        monteur,
        'planned',
        'NEN 3140: elektrisch gereedschap en zagen, meetapparaat meenemen',
      );
    }
    await make(second, customerId, dayFromToday(-3 - c), mechanics[(c + 1) % mechanics.length]!, 'in_progress');
    await make(second, customerId, dayFromToday(14 + c * 7), c === 1 ? monteur : mechanics[2]!, 'planned');
    await make(undefined, customerId, dayFromToday(30 + c * 10), c === 2 ? monteur : admin!.id, 'concept');
  }

  // One machine that was found elsewhere ("Deze machine staat niet op de aangegeven plaats.").
  await tx.execute(sql`update reports set not_at_location = true
    where id = (select min(id) from reports where tasklist_id = ${latestCompleted})`);
  // The machines' report year: the year of their latest submitted report.
  await tx.execute(sql`update machines m set report_year = l.year
    from (select machine_id, extract(year from max(submitted_at) at time zone 'Europe/Amsterdam')::int as year
          from reports where status = 'submitted' group by machine_id) l
    where m.id = l.machine_id`);
}
