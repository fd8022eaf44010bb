import type { Config } from '../../config';
import type { Db } from '../../db/client';

/** The office home, the due list, the customer's summary and the Keuringsoverzicht PDF (issue 20). */
export function createOverviewService(_deps: { db: Db; config: Config }) {
  return {};
}
export type OverviewService = ReturnType<typeof createOverviewService>;
