import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export const AUTH_QUERY_KEY = ['authorized'] as const;

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
    // Any change can show up in other lists (a brand type in the brand's count, a question in a
    // questionnaire's preview): after every successful change, everything on screen is refetched
    // and everything cached is marked stale. Changes are rare next to reads, so this stays cheap.
    mutationCache: new MutationCache({ onError, onSuccess: () => client.invalidateQueries() }),
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
