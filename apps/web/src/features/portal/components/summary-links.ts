import { summaryListQuery, type SummaryCount } from '@keurwijzer/shared/overview';

/** The customer's "Mijn machines" (route `machines`). */
export const OWN_MACHINES_PATH = '/machines';

/**
 * Where a number of the compliance summary leads: "Mijn machines" with the filters of what the
 * number counts (the shared `summaryListQuery`, which the server's counts follow too), at one
 * location or, without `locationId`, of the whole customer.
 */
export function summaryHref(count: SummaryCount, locationId?: number): string {
  const query = new URLSearchParams(
    Object.entries(summaryListQuery(count, locationId)).map(([key, value]) => [key, String(value)]),
  ).toString();
  return query ? `${OWN_MACHINES_PATH}?${query}` : OWN_MACHINES_PATH;
}
