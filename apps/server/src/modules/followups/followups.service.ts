import type { Config } from '../../config';
import type { Db } from '../../db/client';

/** Follow-ups ("Acties") of rejected answers and the planning from due dates (issue 20). */
export function createFollowupsService(_deps: { db: Db; config: Config }) {
  return {};
}
export type FollowupsService = ReturnType<typeof createFollowupsService>;
