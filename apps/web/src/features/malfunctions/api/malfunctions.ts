import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Malfunction, MalfunctionDetail, MalfunctionHandleFormValues } from '@keurwijzer/shared/malfunctions';
import { apiGet, apiSend, type Page, type Query } from '../../../lib/api-client';
import { useChange } from '../../../lib/query-client';

/** The office's malfunction endpoints (packages/shared/src/malfunctions.ts). */
export const malfunctionPaths = {
  list: '/api/malfunctions',
  detail: (id: number) => `/api/malfunctions/${id}`,
};

export const malfunctionKeys = {
  list: (query: Query) => ['malfunctions', 'list', query] as const,
  detail: (id: number) => ['malfunctions', 'detail', id] as const,
};

/** GET /api/malfunctions: a page of malfunctions (the list's query and filters). */
export function useMalfunctions(query: Query) {
  return useQuery({
    queryKey: malfunctionKeys.list(query),
    queryFn: async (): Promise<Page<Malfunction>> => {
      const res = await apiGet<Malfunction[]>(malfunctionPaths.list, query);
      return { data: res.data, meta: res.meta! };
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /api/malfunctions/:id: the whole malfunction with its photos and timeline. */
export const malfunctionQuery = (id: number) => ({
  queryKey: malfunctionKeys.detail(id),
  queryFn: async () => (await apiGet<MalfunctionDetail>(malfunctionPaths.detail(id))).data,
});

export const useMalfunction = (id: number) => useQuery(malfunctionQuery(id));

/**
 * PUT /api/malfunctions/:id: a new status (with a reason when it goes back to Open) and/or the
 * notes; "Storing is gewijzigd". Refreshes the list, this malfunction and the open count.
 */
export const useHandleMalfunction = (id: number) =>
  useChange('malfunctions', (input: MalfunctionHandleFormValues) =>
    apiSend<MalfunctionDetail>(malfunctionPaths.detail(id), input as Record<string, unknown>, 'PUT'),
  );
