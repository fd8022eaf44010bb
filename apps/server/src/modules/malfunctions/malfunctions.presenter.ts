import { sql, type SQL } from 'drizzle-orm';
import type {
  Malfunction,
  MalfunctionDetail,
  OwnMalfunction,
  OwnMalfunctionDetail,
} from '@keurwijzer/shared/malfunctions';
import { fullName, isoOf, jsonObject } from '../../db/sql-json';

/*
 * Malfunctions leave the database as their API JSON, built by PostgreSQL (as the task lists and
 * completed reports do): a page is a few strings for Node to join. The field maps are typed
 * against the shared contract, so a field added there does not compile until it is mapped here;
 * the API tests parse what they get with the contract's `.strict()`.
 *
 * The statements (malfunctions.repository.ts) name the malfunction's row `f`; names come from
 * scalar sub-selects by primary key (no joins to plan), run only for the rows sent.
 */

/** A value of the row `alias` of `table` whose id is `id` (a scalar sub-select). */
const valueOf = (table: string, alias: string, column: SQL, id: SQL) =>
  sql`(select ${column} from ${sql.raw(table)} ${sql.raw(alias)} where ${sql.raw(alias)}.id = ${id})`;

const userName = (id: SQL) => valueOf('users', 'u', fullName('u'), id);
const machineName = valueOf('machines', 'm', sql`m.name`, sql`f.machine_id`);
const inventoryNumber = valueOf('machines', 'm', sql`m.inventory_number`, sql`f.machine_id`);

/**
 * The report's photos of `f` (oldest first) with their URLs under `base` (the customer's or the
 * office's path); a photo added with a comment is on the timeline with it (eventPhotos).
 */
const photos = (base: '/api/own-malfunctions' | '/api/malfunctions') => sql`coalesce((
  select json_agg(json_build_object(
    'id', p.id,
    'url', ${sql.raw(`'${base}/'`)} || f.id || '/photos/' || p.id || '/file',
    'thumb_url', ${sql.raw(`'${base}/'`)} || f.id || '/photos/' || p.id || '/file?thumb=1',
    'width', p.width, 'height', p.height) order by p.id)
  from malfunction_photos p where p.malfunction_id = f.id and p.event_id is null), '[]'::json)`;

/**
 * Late: no response yet while Open or In behandeling, and past the deadline (the office list's
 * "Reactie te laat", the menu's count; malfunctions_awaiting_idx). Never null: without a deadline
 * it is false (`is not null` first, so the JSON's `late` stays a boolean).
 */
export const lateMalfunction = (alias: string) =>
  sql.raw(
    `(${alias}.responded_at is null and ${alias}.status in ('open', 'in_progress') and ${alias}.respond_by is not null and ${alias}.respond_by < now())`,
  );

/** The report the malfunction was planned on, once submitted (the customer's view). */
const submittedReport = sql`(select json_build_object('id', r.id, 'submitted_at', ${isoOf(sql`r.submitted_at`)})
  from reports r where r.id = f.report_id and r.status = 'submitted')`;

/** The task list and report the malfunction was planned on (the office's view). */
const planned = sql`(select json_build_object('tasklist_id', r.tasklist_id, 'report_id', r.id,
    'date', to_char(t.planned_date, 'YYYY-MM-DD'), 'report_status', r.status)
  from reports r join tasklists t on t.id = r.tasklist_id where r.id = f.report_id)`;

/** The photos added with event `e` (a customer's comment). */
const eventPhotos = (base: '/api/own-malfunctions' | '/api/malfunctions') => sql`coalesce((
  select json_agg(json_build_object(
    'id', p.id,
    'url', ${sql.raw(`'${base}/'`)} || f.id || '/photos/' || p.id || '/file',
    'thumb_url', ${sql.raw(`'${base}/'`)} || f.id || '/photos/' || p.id || '/file?thumb=1',
    'width', p.width, 'height', p.height) order by p.id)
  from malfunction_photos p where p.event_id = e.id), '[]'::json)`;

/** A malfunction as its customer sees it: no internal note, no office names. */
const OWN_FIELDS = {
  id: sql`f.id`,
  machine_id: sql`f.machine_id`,
  machine_name: machineName,
  inventory_number: inventoryNumber,
  description: sql`f.description`,
  remark: sql`f.remark`,
  status: sql`f.status`,
  customer_note: sql`f.customer_note`,
  urgent: sql`f.urgent`,
  contact_phone: sql`f.contact_phone`,
  reported_by_name: userName(sql`f.reported_by`),
  reported_at: isoOf(sql`f.created_at`),
  updated_at: isoOf(sql`f.updated_at`),
  resolved_at: isoOf(sql`f.resolved_at`),
  respond_by: isoOf(sql`f.respond_by`),
  report: submittedReport,
  photos: photos('/api/own-malfunctions'),
} satisfies Record<keyof OwnMalfunction, SQL>;

export const OWN_MALFUNCTION_JSON = jsonObject(OWN_FIELDS);

/**
 * The customer's whole malfunction: its timeline without the internal note and the assignments
 * (an event that only changed the internal note is left out).
 */
export const OWN_MALFUNCTION_DETAIL_JSON = jsonObject({
  ...OWN_FIELDS,
  events: sql`coalesce((
    select json_agg(json_build_object(
      'id', e.id, 'kind', e.kind, 'from_status', e.from_status, 'to_status', e.to_status,
      'reason', e.reason, 'customer_note', e.customer_note, 'comment', e.comment,
      'photos', ${eventPhotos('/api/own-malfunctions')}, 'report_id', e.report_id,
      'by_name', ${userName(sql`e.by_user`)}, 'at', ${isoOf(sql`e.at`)}) order by e.at, e.id)
    from malfunction_events e where e.malfunction_id = f.id and e.kind <> 'assigned'
      and not (e.kind = 'note' and e.customer_note is null)), '[]'::json)`,
} satisfies Record<keyof OwnMalfunctionDetail, SQL>);

const MALFUNCTION_FIELDS = {
  id: sql`f.id`,
  customer_id: sql`f.customer_id`,
  customer_name: valueOf('customers', 'c', sql`c.name`, sql`f.customer_id`),
  location_name: sql`(select l.name from machines m join locations l on l.id = m.location_id where m.id = f.machine_id)`,
  machine_id: sql`f.machine_id`,
  machine_name: machineName,
  inventory_number: inventoryNumber,
  description: sql`f.description`,
  remark: sql`f.remark`,
  status: sql`f.status`,
  reported_by: sql`f.reported_by`,
  reported_by_name: userName(sql`f.reported_by`),
  anonymous: sql`f.anonymous`,
  reporter_name: sql`f.reporter_name`,
  reporter_contact: sql`f.reporter_contact`,
  reported_at: isoOf(sql`f.created_at`),
  handled_by: sql`f.handled_by`,
  handled_by_name: userName(sql`f.handled_by`),
  updated_at: isoOf(sql`f.updated_at`),
  resolved_at: isoOf(sql`f.resolved_at`),
  urgent: sql`f.urgent`,
  contact_phone: sql`f.contact_phone`,
  respond_by: isoOf(sql`f.respond_by`),
  responded_at: isoOf(sql`f.responded_at`),
  late: lateMalfunction('f'),
  assigned_to: sql`f.assigned_to`,
  assigned_to_name: userName(sql`f.assigned_to`),
  planned,
} satisfies Record<keyof Malfunction, SQL>;

/** A malfunction in the office's list. */
export const MALFUNCTION_JSON = jsonObject(MALFUNCTION_FIELDS);

/** The whole malfunction for the office: place, notes, photos and the timeline (oldest first). */
export const MALFUNCTION_DETAIL_JSON = jsonObject({
  ...MALFUNCTION_FIELDS,
  department_name: sql`(select d.name from machines m join departments d on d.id = m.department_id where m.id = f.machine_id)`,
  room_name: sql`(select r.name from machines m join rooms r on r.id = m.room_id where m.id = f.machine_id)`,
  internal_note: sql`f.internal_note`,
  customer_note: sql`f.customer_note`,
  photos: photos('/api/malfunctions'),
  events: sql`coalesce((
    select json_agg(json_build_object(
      'id', e.id, 'kind', e.kind, 'from_status', e.from_status, 'to_status', e.to_status,
      'reason', e.reason, 'internal_note', e.internal_note, 'customer_note', e.customer_note,
      'comment', e.comment, 'photos', ${eventPhotos('/api/malfunctions')},
      'assigned_to_name', ${userName(sql`e.assigned_to`)}, 'report_id', e.report_id,
      'by_name', ${userName(sql`e.by_user`)}, 'at', ${isoOf(sql`e.at`)}) order by e.at, e.id)
    from malfunction_events e where e.malfunction_id = f.id), '[]'::json)`,
} satisfies Record<keyof MalfunctionDetail, SQL>);

/** Open, In behandeling, Opgelost: the order of the handling. */
export const statusOrder = (column: SQL) =>
  sql`case ${column} when 'open' then 0 when 'in_progress' then 1 when 'resolved' then 2 else 3 end`;

/** What the malfunction mails tell (lib/mail-templates.ts writes them). */
export type { MalfunctionMailFacts } from '../../lib/mail-templates';

/** The mail facts of malfunction `f` (one row). */
export const MAIL_FACTS = sql`json_build_object(
  'id', f.id,
  'customerName', (select c.name from customers c where c.id = f.customer_id),
  'machineName', m.name,
  'inventoryNumber', m.inventory_number,
  'place', concat_ws(', ', l.name, d.name, r.name),
  'description', f.description,
  'remark', f.remark,
  'reporterName', case when f.anonymous
    then 'Anoniem via QR-label: ' || f.reporter_name || ', ' || f.reporter_contact
    else ${fullName('u')} end,
  'reporterEmail', u.email,
  'reporterActive', coalesce(u.archived_at is null and u.activated_at is not null, false),
  'customerNote', f.customer_note,
  'urgent', f.urgent,
  'contactPhone', f.contact_phone,
  'respondBy', ${isoOf(sql`f.respond_by`)})`;
