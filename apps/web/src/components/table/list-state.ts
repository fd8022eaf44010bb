import { useCallback, useContext, useMemo } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useSearchParams } from 'react-router';
import type { SortOrder } from '@keurwijzer/shared/api';
import type { ListQuery } from '../../lib/resource';

/** Paging, search, sort and the archived toggle of a list: kept in the URL, so back and reload keep them. */
export type ListState = {
  page: number;
  itemsPerPage: number;
  search: string;
  sortKey: string;
  sortOrder: SortOrder;
  archived: boolean;
};

export const ITEMS_PER_PAGE_OPTIONS = [10, 25, 50, 100];

export function useListState(defaults: { sortKey: string; sortOrder?: SortOrder; itemsPerPage?: number }) {
  const [params] = useSearchParams();
  const state = useMemo<ListState>(() => {
    const num = (key: string, fallback: number) => {
      const n = Number(params.get(key));
      return Number.isInteger(n) && n > 0 ? n : fallback;
    };
    const perPage = num('itemsPerPage', defaults.itemsPerPage ?? 10);
    return {
      page: num('page', 1),
      itemsPerPage: ITEMS_PER_PAGE_OPTIONS.includes(perPage) ? perPage : 10,
      search: params.get('search') ?? '',
      sortKey: params.get('sortKey') ?? defaults.sortKey,
      sortOrder:
        params.get('sortOrder') === 'desc'
          ? 'desc'
          : params.get('sortOrder') === 'asc'
            ? 'asc'
            : (defaults.sortOrder ?? 'asc'),
      archived: params.get('archived') === '1',
    };
  }, [params, defaults.itemsPerPage, defaults.sortKey, defaults.sortOrder]);

  const write = useUrlWriter();
  const update = useCallback((patch: Partial<ListState>) => write(patch), [write]);

  return [state, update] as const;
}

/**
 * The one writer of a list's URL state (paging, search, sort, archived, filters): values that are
 * empty, false or page 1 leave the URL; anything but a page change starts again at page 1.
 */
function useUrlWriter() {
  const [, setParams] = useSearchParams();
  // A late change of this list (the debounced search firing after the user clicked away) must not
  // land in the next screen's URL, nor cancel the way there. React's render of this screen can lag
  // behind the router (a lazy screen loads inside a transition that keeps this one on show), so
  // the router's own state is read when the change comes, not when this screen last rendered.
  const { pathname } = useLocation();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  return useCallback(
    (patch: Record<string, string | number | boolean | undefined>) => {
      if (router && hasLeft(router.state, pathname)) return;
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const merged = { ...patch, page: patch.page ?? 1 };
          for (const [key, value] of Object.entries(merged)) {
            if (value === undefined || value === '' || value === false || (key === 'page' && value === 1))
              next.delete(key);
            else next.set(key, value === true ? '1' : String(value));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams, router, pathname],
  );
}

/**
 * The filters `keys` of a list (declared once in packages/shared, e.g. MACHINE_FILTER_KEYS) as
 * query values, and their writer: setting one clears `clears` (filters that depend on it) and
 * starts again at page 1.
 */
export function useListFilters<K extends string>(keys: readonly K[]) {
  const [params] = useSearchParams();
  const write = useUrlWriter();
  const values = useMemo(
    () => Object.fromEntries(keys.map((k) => [k, params.get(k) || undefined])) as Partial<Record<K, string>>,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the keys are a constant list
    [params, keys.join()],
  );
  const set = useCallback(
    (key: K, value: string, clears: readonly K[] = []) =>
      write({ [key]: value, ...Object.fromEntries(clears.map((c) => [c, undefined])) }),
    [write],
  );
  /** Several filters at once (one URL change: two `set` calls in one handler would lose the first). */
  const setMany = useCallback((patch: Partial<Record<K, string>>) => write(patch), [write]);
  return [values, set, setMany] as const;
}

type RouterState = { location: { pathname: string }; navigation: { state: string; location?: { pathname: string } } };

/** The router shows, or is on its way to, another screen than `pathname`. */
const hasLeft = ({ location, navigation }: RouterState, pathname: string) =>
  location.pathname !== pathname || (navigation.state !== 'idle' && navigation.location?.pathname !== pathname);

/** The list state as API query parameters. */
export const toQuery = (s: ListState): ListQuery => ({
  page: s.page,
  itemsPerPage: s.itemsPerPage,
  search: s.search || undefined,
  sortKey: s.sortKey,
  sortOrder: s.sortOrder,
  archived: s.archived ? 1 : undefined,
});
export type { ListQuery };
