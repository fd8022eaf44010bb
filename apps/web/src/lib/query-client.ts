import { MutationCache, QueryCache, QueryClient, useMutation } from '@tanstack/react-query';
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

/**
 * One query client. A 401 anywhere means the session ended: the user becomes unauthenticated
 * and the navigation guard sends them to login (forms keep their drafts, see FormPage).
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) client.setQueryData(AUTH_QUERY_KEY, null);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    // A change refreshes its resource and what depends on it (what is on screen refetches, the
    // rest is marked stale); a mutation without a resource refreshes everything.
    mutationCache: new MutationCache({
      onError,
      onSuccess: (_data, _vars, _ctx, mutation) => {
        const resource = mutation.meta?.resource;
        if (!resource) return client.invalidateQueries();
        return Promise.all(invalidatedBy(resource).map((key) => client.invalidateQueries({ queryKey: [key] })));
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}
