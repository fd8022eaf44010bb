import { sql, type SQL } from 'drizzle-orm';
import { auditFieldLabel, auditValueText, type AuditEvent } from '@keurwijzer/shared/audit';
import { API_TOKEN_REVOKED_REASON_LABELS, API_TOKEN_SCOPE_LABELS } from '@keurwijzer/shared/api-tokens';
import { formatCents } from '@keurwijzer/shared/format';
import { QUESTION_KIND_LABELS, VERDICT_LABELS } from '@keurwijzer/shared/compliance';
import { MACHINE_STATUS_LABELS } from '@keurwijzer/shared/machines';
import { MALFUNCTION_STATUS_LABELS } from '@keurwijzer/shared/malfunctions';
import { ROLE_LABELS } from '@keurwijzer/shared/permissions';
import { INSPECTION_TYPE_LABELS, QUESTIONNAIRE_STATUS_LABELS } from '@keurwijzer/shared/questionnaires';
import { REPORT_STATUS_LABELS } from '@keurwijzer/shared/reports';
import type { Executor } from '../../db/client';
import { iso } from '../../lib/presenters';

/** A trail row as the repository reads it. */
export type AuditRow = {
  id: number;
  at: Date;
  actorId: number | null;
  actorName: string | null;
  actorEmail: string | null;
  apiTokenId: number | null;
  apiTokenName: string | null;
  entity: string;
  entityId: number;
  action: 'create' | 'update' | 'delete' | 'use';
  changes: Record<string, [unknown, unknown]>;
  machineId: number | null;
  reportId: number | null;
};

/** Codes shown by their Dutch label: per entity and column, or per column everywhere. */
const CODE_LABELS: Record<string, Record<string, string>> = {
  'machine.status': MACHINE_STATUS_LABELS,
  'report.status': REPORT_STATUS_LABELS,
  'malfunction.status': MALFUNCTION_STATUS_LABELS,
  'questionnaire.status': QUESTIONNAIRE_STATUS_LABELS,
  'question.kind': QUESTION_KIND_LABELS,
  role: ROLE_LABELS,
  verdict: VERDICT_LABELS,
  derived_verdict: VERDICT_LABELS,
  inspection_type: INSPECTION_TYPE_LABELS,
  'api_token.scope': API_TOKEN_SCOPE_LABELS,
  'api_token.revoked_reason': API_TOKEN_REVOKED_REASON_LABELS,
};

/** Columns that hold the id of another row: shown by that row's name. */
const REFERENCES: Record<string, string> = {
  customer_id: 'customers',
  location_id: 'locations',
  department_id: 'departments',
  room_id: 'rooms',
  machine_type_id: 'machine_types',
  brand_id: 'brands',
  brand_type_id: 'brand_types',
  machine_id: 'machines',
  questionnaire_id: 'questionnaires',
  category_id: 'categories',
  question_id: 'questions',
  created_by: 'users',
  filled_in_by: 'users',
  handled_by: 'users',
  assigned_to: 'users',
  reported_by: 'users',
  user_id: 'users',
};
const NAME_OF: Record<string, string> = {
  users: "nullif(concat_ws(' ', first_name, preposition, last_name), '')",
};

type Names = Map<string, string>;
const nameKey = (table: string, id: number) => `${table}:${id}`;

/**
 * The names of every row the page's changes refer to, in one statement (a union over the
 * referenced tables, only those with ids on the page). A row deleted since keeps its id.
 */
export async function namesOf(db: Executor, rows: AuditRow[]): Promise<Names> {
  const ids = new Map<string, Set<number>>();
  for (const r of rows) {
    for (const [field, values] of Object.entries(r.changes)) {
      const table = REFERENCES[field];
      if (!table) continue;
      for (const v of values)
        if (typeof v === 'number' && Number.isInteger(v))
          (ids.get(table) ?? ids.set(table, new Set()).get(table)!).add(v);
    }
  }
  if (ids.size === 0) return new Map();
  const parts: SQL[] = [...ids].map(
    ([table, set]) =>
      sql`select ${table}::text as t, id, ${sql.raw(NAME_OF[table] ?? 'name')}::text as name from ${sql.identifier(table)} where id in (${sql.join(
        [...set].map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  const result = (await db.execute(sql.join(parts, sql` union all `))) as unknown as {
    rows: { t: string; id: number; name: string | null }[];
  };
  return new Map(result.rows.map((r) => [nameKey(r.t, Number(r.id)), r.name ?? `#${r.id}`]));
}

/** A recorded value as a reader reads it (shared/audit.ts for what is no code or reference). */
function textOf(entity: string, field: string, v: unknown, names: Names): string {
  const codes = CODE_LABELS[`${entity}.${field}`] ?? CODE_LABELS[field];
  if (codes && typeof v === 'string' && codes[v]) return codes[v];
  const table = REFERENCES[field];
  if (table && typeof v === 'number') return names.get(nameKey(table, v)) ?? `#${v}`;
  if (field === 'price_cents' && typeof v === 'number') return formatCents(v);
  return auditValueText(v);
}

/** A trail row as the office reads it: who by name, every changed column with its Dutch label and texts. */
export const presentAuditEvent = (r: AuditRow, names: Names): AuditEvent => ({
  id: r.id,
  at: iso(r.at),
  actor: r.actorId === null ? null : { id: r.actorId, name: r.actorName ?? r.actorEmail ?? `#${r.actorId}` },
  api_token: r.apiTokenId === null ? null : { id: r.apiTokenId, name: r.apiTokenName ?? `#${r.apiTokenId}` },
  entity: r.entity as AuditEvent['entity'],
  entity_id: r.entityId,
  action: r.action,
  changes: Object.entries(r.changes).map(([field, [before, after]]) => ({
    field,
    label: auditFieldLabel(field),
    before,
    after,
    before_text: textOf(r.entity, field, before, names),
    after_text: textOf(r.entity, field, after, names),
  })),
  machine_id: r.machineId,
  report_id: r.reportId,
});
