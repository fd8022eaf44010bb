import { sql, type SQL } from 'drizzle-orm';
import type { Malfunction, MalfunctionDetail, OwnMalfunction } from '@keurwijzer/shared/malfunctions';
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

/** The photos of `f` (oldest first) with their URLs under `base` (the customer's or the office's path). */
const photos = (base: '/api/own-malfunctions' | '/api/malfunctions') => sql`coalesce((
  select json_agg(json_build_object(
    'id', p.id,
    'url', ${sql.raw(`'${base}/'`)} || f.id || '/photos/' || p.id || '/file',
    'thumb_url', ${sql.raw(`'${base}/'`)} || f.id || '/photos/' || p.id || '/file?thumb=1',
    'width', p.width, 'height', p.height) order by p.id)
  from malfunction_photos p where p.malfunction_id = f.id), '[]'::json)`;

/** A malfunction as its customer sees it: no internal note, no office names. */
export const OWN_MALFUNCTION_JSON = jsonObject({
  id: sql`f.id`,
  machine_id: sql`f.machine_id`,
  machine_name: machineName,
  inventory_number: inventoryNumber,
  description: sql`f.description`,
  remark: sql`f.remark`,
  status: sql`f.status`,
  customer_note: sql`f.customer_note`,
  reported_by_name: userName(sql`f.reported_by`),
  reported_at: isoOf(sql`f.created_at`),
  updated_at: isoOf(sql`f.updated_at`),
  resolved_at: isoOf(sql`f.resolved_at`),
  photos: photos('/api/own-malfunctions'),
} satisfies Record<keyof OwnMalfunction, SQL>);

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
      'by_name', ${userName(sql`e.by_user`)}, 'at', ${isoOf(sql`e.at`)}) order by e.at, e.id)
    from malfunction_events e where e.malfunction_id = f.id), '[]'::json)`,
} satisfies Record<keyof MalfunctionDetail, SQL>);

/** Open, In behandeling, Opgelost: the order of the handling. */
export const statusOrder = (column: SQL) => sql`case ${column} when 'open' then 0 when 'in_progress' then 1 else 2 end`;

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
  'customerNote', f.customer_note)`;
