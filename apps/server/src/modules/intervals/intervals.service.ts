import type { Config } from '../../config';
import type { Db } from '../../db/client';

/** Intervals per machine type, customer and machine, and the machine's due state per type (issue 20). */
export function createIntervalsService(_deps: { db: Db; config: Config }) {
  return {};
}
export type IntervalsService = ReturnType<typeof createIntervalsService>;
