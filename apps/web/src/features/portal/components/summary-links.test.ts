import { describe, expect, it } from 'vitest';
import { OWN_MACHINE_FILTER_KEYS, OwnMachineListQuerySchema } from '@keurwijzer/shared/machines';
import { SUMMARY_COUNTS, summaryListQuery } from '@keurwijzer/shared/overview';
import { OWN_MACHINES_PATH, summaryHref } from './summary-links';

/** The filters a link sets, as "Mijn machines" reads them from its URL (useListFilters) and sends them. */
function filtersOf(href: string) {
  const url = new URL(href, 'https://keurwijzer.test');
  expect(url.pathname).toBe(OWN_MACHINES_PATH);
  const params = Object.fromEntries(url.searchParams);
  // A key the screen does not read would be left out of the list it opens.
  for (const key of Object.keys(params)) expect(OWN_MACHINE_FILTER_KEYS as readonly string[]).toContain(key);
  const { location_id, due_state } = OwnMachineListQuerySchema.parse(params);
  return { ...(location_id !== undefined && { location_id }), ...(due_state && { due_state }) };
}

describe("the compliance summary's links", () => {
  it('open "Mijn machines" with the filters of what each number counts, at a location', () => {
    expect(summaryHref('machines', 7)).toBe('/machines?location_id=7');
    expect(summaryHref('in_order', 7)).toBe('/machines?location_id=7&due_state=in_order');
    expect(summaryHref('overdue', 7)).toBe('/machines?location_id=7&due_state=overdue');
    expect(summaryHref('rejected', 7)).toBe('/machines?location_id=7&due_state=rejected');
    expect(summaryHref('no_interval', 7)).toBe('/machines?location_id=7&due_state=none');
  });

  it('pass, for every number, exactly the query the server counts it with (summaryListQuery)', () => {
    for (const count of SUMMARY_COUNTS) {
      expect(filtersOf(summaryHref(count, 7)), count).toEqual(summaryListQuery(count, 7));
      expect(filtersOf(summaryHref(count)), count).toEqual(summaryListQuery(count));
    }
    expect(summaryHref('machines')).toBe('/machines');
  });
});
