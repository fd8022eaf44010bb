import { useQuery } from '@tanstack/react-query';
import type { AuthProviders } from '@keurwijzer/shared/oidc';
import { apiGet } from '../../../lib/api-client';

/**
 * GET /api/auth/providers: whether Google sign-in is on (GOOGLE_CLIENT_ID / _SECRET set on the
 * server). Asked once per page load; while it loads, or when it fails, the buttons stay hidden.
 */
export function useAuthProviders(): AuthProviders {
  const { data } = useQuery({
    queryKey: ['auth-providers'],
    queryFn: async () => (await apiGet<AuthProviders>('/api/auth/providers')).data,
    staleTime: Infinity,
    retry: false,
  });
  return data ?? { google: false };
}
