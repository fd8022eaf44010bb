import { assertCan, type Actor } from '../../lib/actor';

/** Who may read the office's completed reports (and export them): `reports.view`, admins. */
export const completedReportsPolicy = {
  assertRead(actor: Actor): void {
    assertCan(actor, 'reports.view');
  },
};
