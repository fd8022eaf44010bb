import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@keurwijzer/shared/users';
import { getAuthorized } from '../lib/api/auth';
import { AUTH_QUERY_KEY } from '../lib/query-client';

/**
 * The session as the route loaders see it: the user, `null` when not logged in, or `undefined`
 * when it could not be checked (network, server error; the guard then shows the error with a
 * retry). It is the same query as `useAuth()`: a screen asks the server once.
 */
export async function sessionUser(queryClient: QueryClient): Promise<User | null | undefined> {
  try {
    return await queryClient.ensureQueryData({ queryKey: AUTH_QUERY_KEY, queryFn: getAuthorized, staleTime: Infinity });
  } catch {
    return undefined;
  }
}
