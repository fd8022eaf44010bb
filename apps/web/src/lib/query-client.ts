import { MutationCache, QueryCache, QueryClient, useMutation } from '@tanstack/react-query';
import { userCaches, type UserCacheGuard } from './offline-cache/user-caches';
import { ApiError } from './api-client';

export const AUTH_QUERY_KEY = ['authorized'] as const;

/**
 * The web's resources (the first element of their query keys) and what a change of each can
 * show up in besides itself: a brand type in its brand's count, a question in a questionnaire's
 * preview, a location in its customer's overview. After a change only these are refetched.
 */
export const RESOURCE_DEPENDENTS = {
  users: ['customers'],
  customers: ['users', 'machines'],
  locations: ['customers', 'machines'],
  departments: ['locations', 'machines'],
  rooms: ['departments', 'machines'],
  machines: ['customers'],
  brands: ['machines'],
  'brand-types': ['brands', 'machines'],
  'machine-types': ['machines'],
  categories: ['questionnaires', 'questionnaire-categories'],
  questions: ['questionnaires', 'questionnaire-questions'],
  questionnaires: ['machines', 'categories', 'questions'],
  'questionnaire-categories': ['questionnaires', 'categories'],
  'questionnaire-questions': ['questionnaires', 'questionnaire-categories', 'questions'],
  // A report's answers and submission show in its task list's progress and status, and in the
  // machine's reports and latest reports. A concept machine added on a task list is a machine.
  tasklists: ['reports', 'machines'],
  reports: ['tasklists', 'machines'],
  // A reported or handled malfunction shows on its machine (the open marker, the machine screen).
  malfunctions: ['machines'],
  // A mail sent again leaves the failed list.
  mails: [],
  // A follow-up handled: a malfunction made of it, a re-inspection planned on a task list.
  followups: ['malfunctions', 'tasklists', 'machines'],
  // A personal API token made or revoked: only the profile's list.
  'api-tokens': [],
} as const satisfies Record<string, readonly string[]>;
export type ResourceKey = keyof typeof RESOURCE_DEPENDENTS;

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { resource: ResourceKey };
  }
}

/** The query keys a successful change of `resource` makes stale. */
export const invalidatedBy = (resource: ResourceKey): readonly string[] => [resource, ...RESOURCE_DEPENDENTS[resource]];

/**
 * The one way the app changes data: a mutation of one resource. When it succeeds, that resource
 * and what depends on it are refetched (see `RESOURCE_DEPENDENTS`), nothing else.
 */
export function useChange<TArgs, TResult>(resource: ResourceKey, mutationFn: (args: TArgs) => Promise<TResult>) {
  return useMutation({ mutationFn, meta: { resource } });
}

/** The device says it has no connection (navigator.onLine). */
const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * One query client. A 401 anywhere means the session ended: the user becomes unauthenticated
 * and the navigation guard sends them to login (forms keep their drafts, see FormPage).
 *
 * Offline first: a query always asks (networkMode 'offlineFirst'), so with no
 * connection the service worker answers from its copy instead of the screen waiting on
 * "Laden..." until the connection is back; what it has no copy of fails at once. The session's user is
 * told to the offline caches (`caches`), which belong to one user (lib/offline-cache/user-caches.ts).
 */
export function createQueryClient({
  caches = userCaches,
}: { caches?: Pick<UserCacheGuard, 'userSeen'> } = {}): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) client.setQueryData(AUTH_QUERY_KEY, null);
  };
  const refresh = (resource: ResourceKey | undefined) =>
    resource
      ? Promise.all(invalidatedBy(resource).map((key) => client.invalidateQueries({ queryKey: [key] })))
      : client.invalidateQueries();
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    // A change refreshes its resource and what depends on it (what is on screen refetches, the
    // rest is marked stale); a mutation without a resource refreshes everything. So does a change
    // refused with 409: the thing is no longer as the screen shows it (a customer withdrew the
    // malfunction a moment ago), and the screen should show how it is now beside the message.
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        onError(error);
        if (error instanceof ApiError && error.status === 409) return refresh(mutation.meta?.resource);
      },
      onSuccess: (_data, _vars, _ctx, mutation) => refresh(mutation.meta?.resource),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Offline, what the service worker has no copy of fails at once ("Geen verbinding"), it
        // does not wait for the connection as a paused retry.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          !(error instanceof ApiError && error.network && isOffline()) &&
          count < 2,
        refetchOnWindowFocus: false,
        networkMode: 'offlineFirst',
      },
    },
  });
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryKey[0] !== AUTH_QUERY_KEY[0])
      return;
    const user = event.query.state.data as { id?: unknown } | null | undefined;
    if (typeof user?.id === 'number') void caches.userSeen(user.id);
  });
  return client;
}
