import { sql, type SQL } from 'drizzle-orm';
import type { Machine, MachineImage } from '@keurwijzer/shared/machines';
import type { OwnMalfunction } from '@keurwijzer/shared/malfunctions';
import type { LatestReportDates, OwnMachine, OwnMachineDetail } from '@keurwijzer/shared/portal';
import { INSPECTION_TYPES } from '@keurwijzer/shared/questionnaires';
import { machines } from '../../db/schema/machines';
import { isCurrentVersion, openMalfunction } from '../../db/shared-facts';
import { dueRowsJson } from '../../lib/machine-due';
import { fullName, isoOf, jsonObject } from '../../db/sql-json';
import { qualified } from '../../lib/list-query';
import { PLACEHOLDER_CLOCK } from '../../lib/due-state';
import { latestReportsOf } from './machine-reports.repository';

/*
 * The customer portal's machine as PostgreSQL builds it: the fields it adds to a machine's JSON
 * (machines.repository.ts `machineJsonWith`), for its list (OwnMachine) and its machine screen
 * (OwnMachineDetail). Every field is a correlated sub-select on the machine of the current row
 * (`"machines"."id"`), each an index range: reports_machine_idx, machine_images_machine_idx and
 * the malfunctions' machine index. The malfunctions are the malfunctions module's tables, read by
 * name (as the task lists read the reports); `reported_at` is its `created_at`.
 */

const MACHINE_ID = qualified(machines.id);
const TIME_ZONE = 'Europe/Amsterdam';

/**
 * The date (Dutch day) of the latest submitted report per inspection type, one pass over the
 * machine's submitted reports (an aggregate without GROUP BY always gives its one row); the type
 * is the report's copy of its task list's, so no join.
 */
const LATEST_REPORT_DATES = sql<LatestReportDates>`(select ${jsonObject(
  Object.fromEntries(
    INSPECTION_TYPES.map((type) => [
      type,
      sql`to_char((max(r.submitted_at) filter (where r.inspection_type = ${sql.raw(`'${type}'`)})) at time zone ${sql.raw(`'${TIME_ZONE}'`)}, 'YYYY-MM-DD')`,
    ]),
  ),
)} from reports r
  where r.machine_id = ${MACHINE_ID} and r.status = 'submitted' and ${isCurrentVersion('r')})`;

/** The extra fields of a machine in the portal's list. */
export const OWN_MACHINE_LIST_FIELDS = {
  latest_reports: LATEST_REPORT_DATES,
  open_malfunctions: sql`(select count(*)::int from malfunctions mf where mf.machine_id = ${MACHINE_ID} and ${openMalfunction('mf')})`,
} satisfies Record<Exclude<keyof OwnMachine, keyof Machine>, SQL>;

/** An image of the machine `mi`, its file and thumbnail under the portal's own path. */
const IMAGE_JSON = sql<MachineImage>`json_build_object(
  'id', mi.id,
  'url', '/api/machines/' || mi.machine_id || '/images/' || mi.id || '/file',
  'thumb_url', '/api/machines/' || mi.machine_id || '/images/' || mi.id || '/file?thumb=1',
  'content_type', mi.content_type, 'width', mi.width, 'height', mi.height,
  'created_at', ${isoOf(sql`mi.created_at`)})`;

/**
 * The malfunction `mf` of the machine of the current row as its customer sees it (no internal
 * note), the report's photos under /api/own-malfunctions (a comment's photos are on its timeline).
 * The same fields as the malfunctions module's OWN_MALFUNCTION_JSON (OwnMalfunctionSchema; the
 * API test parses it strictly).
 */
const OWN_MALFUNCTION_JSON = sql<OwnMalfunction>`json_build_object(
  'id', mf.id, 'machine_id', mf.machine_id, 'machine_name', ${qualified(machines.name)},
  'inventory_number', ${qualified(machines.inventoryNumber)},
  'description', mf.description, 'remark', mf.remark, 'status', mf.status, 'customer_note', mf.customer_note,
  'reported_by_name', (select ${fullName('u')}
    from users u where u.id = mf.reported_by),
  'reported_at', ${isoOf(sql`mf.created_at`)}, 'updated_at', ${isoOf(sql`mf.updated_at`)},
  'resolved_at', ${isoOf(sql`mf.resolved_at`)},
  'urgent', mf.urgent, 'contact_phone', mf.contact_phone, 'respond_by', ${isoOf(sql`mf.respond_by`)},
  'report', (select json_build_object('id', r.id, 'submitted_at', ${isoOf(sql`r.submitted_at`)})
    from reports r where r.id = mf.report_id and r.status = 'submitted'),
  'photos', coalesce((select json_agg(json_build_object(
      'id', mp.id,
      'url', '/api/own-malfunctions/' || mf.id || '/photos/' || mp.id || '/file',
      'thumb_url', '/api/own-malfunctions/' || mf.id || '/photos/' || mp.id || '/file?thumb=1',
      'width', mp.width, 'height', mp.height) order by mp.id)
    from malfunction_photos mp where mp.malfunction_id = mf.id and mp.event_id is null), '[]'::json))`;

/** The extra fields of the portal's machine screen (OwnMachineDetail). */
export const OWN_MACHINE_DETAIL_FIELDS = {
  images: sql`coalesce((select json_agg(${IMAGE_JSON} order by mi.id)
    from machine_images mi where mi.machine_id = ${MACHINE_ID}), '[]'::json)`,
  latest_reports: latestReportsOf(MACHINE_ID),
  // Newest first.
  malfunctions: sql`coalesce((select json_agg(${OWN_MALFUNCTION_JSON} order by mf.created_at desc, mf.id desc)
    from malfunctions mf where mf.machine_id = ${MACHINE_ID}), '[]'::json)`,
  // Per due type with an interval; the state against the statement's clock (placeholders).
  due: dueRowsJson(MACHINE_ID, PLACEHOLDER_CLOCK),
} satisfies Record<Exclude<keyof OwnMachineDetail, keyof Machine>, SQL>;
