import { sql } from 'drizzle-orm';
import type { DueClock } from '../../lib/due-state';

/**
 * The due clock of a prepared statement (lib/due-state.ts): today and the "due soon" window as
 * placeholders, filled in per execution with `clockParams(dueClock(…))`, so one plan serves every
 * day. Only for prepared statements; a one-off query passes the real clock.
 */
export const PLACEHOLDER_CLOCK = {
  today: sql.placeholder('today'),
  soonDays: sql.placeholder('soonDays'),
} as unknown as DueClock;

/** The values of PLACEHOLDER_CLOCK for one execution. */
export const clockParams = (c: DueClock) => ({ today: c.today, soonDays: c.soonDays });
