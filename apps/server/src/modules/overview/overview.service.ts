import type { DueListQuery, Overview, OwnSummary } from '@keurwijzer/shared/overview';
import type { Config } from '../../config';
import type { Actor } from '../../lib/actor';
import { dueClock } from '../../lib/due-state';
import type { JsonPage } from '../../lib/responses';
import { overviewPolicy } from './overview.policy';
import type { OverviewRepository } from './overview.repository';

/** The office home, the due list (Keuringsplanning) and the customer's summary. */
export function createOverviewService({
  repo,
  config,
}: {
  repo: OverviewRepository;
  config: Pick<Config, 'dueSoonDays'>;
}) {
  const clock = () => dueClock(config.dueSoonDays);
  return {
    overview(actor: Actor): Promise<Overview> {
      overviewPolicy.assertOffice(actor);
      return repo.overview(clock());
    },
    due(actor: Actor, q: DueListQuery): Promise<JsonPage> {
      overviewPolicy.assertDue(actor);
      return repo.due(q, clock());
    },
    summary(actor: Actor): Promise<OwnSummary> {
      return repo.summary(overviewPolicy.ownCustomer(actor), clock());
    },
  };
}
export type OverviewService = ReturnType<typeof createOverviewService>;
