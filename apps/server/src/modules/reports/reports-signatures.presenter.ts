import { sql, type SQL } from 'drizzle-orm';
import type { ReportSignature } from '@keurwijzer/shared/reports';
import { isoOf, jsonObject } from '../../db/sql-json';

/** A signature `s` of the report `r`; `url` is the staff's image route (the portal rewrites it). */
const SIGNATURE_JSON = jsonObject({
  role: sql`s.role`,
  signer_name: sql`s.signer_name`,
  signed_at: isoOf(sql`s.signed_at`),
  url: sql`'/api/reports/' || r.id || '/signatures/' || s.role`,
} satisfies Record<keyof ReportSignature, SQL>);

/**
 * The report's signatures (report_signatures, one index probe per report), the mechanic's first;
 * only of a submitted report: they are the ones given at its submit (the contract's "empty while
 * open"; an open report's stored ones may still be replaced).
 */
export const SIGNATURES_JSON = sql`case when r.status = 'submitted' then coalesce((
    select json_agg(${SIGNATURE_JSON} order by case s.role when 'mechanic' then 0 else 1 end)
    from report_signatures s where s.report_id = r.id), '[]'::json) else '[]'::json end`;
