import { roleCan, type Role } from '@keurwijzer/shared/permissions';
import { useQuery } from '@tanstack/react-query';
import type { CurrentUser, LoginFormValues, LoginResult } from '@keurwijzer/shared/users';
import { ApiError, apiGet, apiSend, refreshCsrfToken } from '../api-client';
import { AUTH_QUERY_KEY } from '../query-client';

/** GET /api/authorized: the current user, or null when not logged in. */
export async function getAuthorized(): Promise<CurrentUser | null> {
  try {
    return (await apiGet<CurrentUser>('/api/authorized')).data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/**
 * POST /api/login with the CSRF token refreshed before and after (spec section 7): the user, or
 * `two_factor_required` when the account's second factor is still to come (then /2fa).
 */
export async function login(input: LoginFormValues): Promise<LoginResult> {
  await refreshCsrfToken();
  const { data } = await apiSend<LoginResult>('/api/login', input);
  await refreshCsrfToken();
  return data;
}

export async function logout(): Promise<void> {
  try {
    await apiSend('/api/logout');
  } finally {
    await refreshCsrfToken().catch(() => undefined);
  }
}

/**
 * The session state: `undefined` while unknown, `null` unauthenticated, else the user.
 */
export function useAuth() {
  const query = useQuery({ queryKey: AUTH_QUERY_KEY, queryFn: getAuthorized, staleTime: Infinity });
  return { user: query.data, isLoading: query.isPending, error: query.error };
}

/** The logged-in user inside the main layout (the guard guarantees one). */
export function useCurrentUser(): CurrentUser {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser outside an authenticated route');
  return user;
}

/** Where a user lands after login, and where a customer goes from a forbidden route. */
export const homeFor = (role: Role): string => (roleCan(role, 'own-machines.view') ? '/machines' : '/');
