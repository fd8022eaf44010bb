import { ACCESS } from '@keurwijzer/shared/permissions';
import { accessPolicy } from '../../lib/actor';

/**
 * Who may read and change task lists and plan machines on them: staff with `tasklists.view`
 * read every task list (the overview's "alleen mijn takenlijsten" is a filter, not a limit: a
 * colleague may take a list over), `tasklists.manage` creates, edits, deletes and plans.
 * Customer users hold neither (their view of submitted reports is the portal's). The routes
 * check the same permissions first; this keeps a new caller from skipping them.
 */
export const tasklistsPolicy = accessPolicy(ACCESS.tasklists);
