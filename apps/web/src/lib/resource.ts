import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SortOrder } from '@keurwijzer/shared/api';
import { apiGet, apiSend, type ApiResult, type Page } from './api-client';
import { useChange, type ResourceKey } from './query-client';

/** One page of a list as the server is asked for it (components/table's list state gives it). */
export type ListQuery = {
  page: number;
  itemsPerPage: number;
  search: string | undefined;
  sortKey: string;
  sortOrder: SortOrder;
  archived: 1 | undefined;
};

type Query = ListQuery & Record<string, string | number | boolean | undefined>;

/**
 * The calls and query hooks of one REST resource (product-decisions "API conventions"):
 * GET/POST `base`, GET/PUT/DELETE `base/{id}`. `base` may depend on a parent id (nested routes).
 * `TIn` is what a form sends: the shared schema's input (`XFormValues`), never its parsed output.
 */
export function createResource<T, TIn, P = number>(key: ResourceKey, base: (parentId?: P) => string) {
  const keys = {
    all: [key] as const,
    list: (parentId: P | undefined, query: Query | null) => [key, 'list', parentId ?? null, query] as const,
    detail: (parentId: P | undefined, id: number) => [key, 'detail', parentId ?? null, id] as const,
  };

  const api = {
    list: async (query: Query, parentId?: P): Promise<Page<T>> => {
      const res = await apiGet<T[]>(base(parentId), query);
      return { data: res.data, meta: res.meta! };
    },
    get: async (id: number, parentId?: P): Promise<T> => (await apiGet<T>(`${base(parentId)}/${id}`)).data,
    create: (input: TIn, parentId?: P): Promise<ApiResult<T>> =>
      apiSend<T>(base(parentId), input as Record<string, unknown>),
    update: (id: number, input: TIn, parentId?: P): Promise<ApiResult<T>> =>
      apiSend<T>(`${base(parentId)}/${id}`, input as Record<string, unknown>, 'PUT'),
    remove: (id: number, parentId?: P): Promise<ApiResult<null>> =>
      apiSend<null>(`${base(parentId)}/${id}`, {}, 'DELETE'),
  };

  return {
    keys,
    api,
    useList: (query: Query, parentId?: P, enabled = true) =>
      useQuery({
        queryKey: keys.list(parentId, query),
        queryFn: () => api.list(query, parentId),
        placeholderData: keepPreviousData,
        enabled,
      }),
    /** Every item of a short, ordered list that the API returns whole (no paging). */
    useAll: (parentId?: P) =>
      useQuery({
        queryKey: keys.list(parentId, null),
        queryFn: async () => (await apiGet<T[]>(base(parentId))).data,
      }),
    useItem: (id: number, parentId?: P, enabled = true) =>
      useQuery({ queryKey: keys.detail(parentId, id), queryFn: () => api.get(id, parentId), enabled }),
    // A successful change refreshes this resource and what depends on it (lib/query-client.ts).
    useCreate: (parentId?: P) => useChange(key, (input: TIn) => api.create(input, parentId)),
    useUpdate: (id: number, parentId?: P) => useChange(key, (input: TIn) => api.update(id, input, parentId)),
    useRemove: (parentId?: P) => useChange(key, (id: number) => api.remove(id, parentId)),
  };
}

export type Resource<T, TIn, P = number> = ReturnType<typeof createResource<T, TIn, P>>;
