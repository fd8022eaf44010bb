import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DueRow, Overview, OwnSummary } from '@keurwijzer/shared/overview';
import { apiGet, type Page, type Query } from '../api-client';

/** The overviews' endpoints (packages/shared/src/overview.ts). */
export const overviewPaths = {
  overview: '/api/overview',
  due: '/api/due',
  summary: '/api/machines/summary',
};

/** GET /api/overview: the office home's counts. */
export const useOverview = () =>
  useQuery({
    queryKey: ['overview'] as const,
    queryFn: async () => (await apiGet<Overview>(overviewPaths.overview)).data,
  });

/** GET /api/due: a page of the Keuringsplanning (machine x due type rows) with the list's filters. */
export function useDueList(query: Query) {
  return useQuery({
    queryKey: ['due', 'list', query] as const,
    queryFn: async (): Promise<Page<DueRow>> => {
      const res = await apiGet<DueRow[]>(overviewPaths.due, query);
      return { data: res.data, meta: res.meta! };
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/machines/summary: the customer's compliance summary. Under the 'machines' key, so
 * whatever refreshes the customer's machines refreshes it too.
 */
export const useOwnSummary = () =>
  useQuery({
    queryKey: ['machines', 'summary'] as const,
    queryFn: async () => (await apiGet<OwnSummary>(overviewPaths.summary)).data,
  });
