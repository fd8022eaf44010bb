import type { UseQueryResult } from '@tanstack/react-query';
import type { SortOrder } from '@keurwijzer/shared/api';
import type { Page } from '../../lib/api-client';
import type { DataTableProps } from './data-table';
import { toQuery, useListState, type ListQuery } from './list-state';

type Filters = Record<string, string | undefined>;

/** What a list screen gives DataTable from its query: spread them, then add label, columns, rowKey... */
export type DataTableQueryProps<T> = Pick<
  DataTableProps<T>,
  'rows' | 'total' | 'loading' | 'error' | 'state' | 'onStateChange' | 'activeFilters'
>;

type DataTableQueryOptions<T, E extends object, F extends Filters, P> = {
  /** The list's query hook: a resource's `useList` or a feature's own (`useUsers`). */
  useList: (query: ListQuery & Partial<E> & Partial<F>, parentId?: P) => UseQueryResult<Page<T>>;
  parentId?: P;
  /** The sort when the URL names none. */
  defaults: { sortKey: string; sortOrder?: SortOrder };
  /** More query values the screen sends, that are not filters the user set (`employees`). */
  query?: E;
  /** The filters the user set (useListFilters' values): sent, and counted on the phone's "Filters (n)". */
  filters?: F;
};

/**
 * The wiring of a server-paged DataTable: the list state in the URL (useListState), the list's
 * query with it, and the table's rows, total, loading, error and state from them.
 */
export function useDataTableQuery<T, E extends object = object, F extends Filters = Filters, P = never>(
  options: DataTableQueryOptions<T, E, F, P>,
): DataTableQueryProps<T> {
  const { useList, parentId, defaults } = options;
  const query: Partial<E> = options.query ?? {};
  const filters: Partial<F> = options.filters ?? {};
  const [state, update] = useListState(defaults);
  const { data, isFetching, error } = useList({ ...toQuery(state), ...query, ...filters }, parentId);
  return {
    rows: data?.data,
    total: data?.meta.total ?? 0,
    loading: isFetching,
    error,
    state,
    onStateChange: update,
    activeFilters: Object.values(filters).filter(Boolean).length,
  };
}
