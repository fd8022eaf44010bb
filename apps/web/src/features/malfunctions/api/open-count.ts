import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/**
 * The number of open malfunctions (Open and In behandeling) beside "Storingen" in the navigation.
 * Its own small file: the main layout imports it, so it carries no schema and no screen. Under the
 * 'malfunctions' key, so every change of a malfunction refreshes it (lib/query-client.ts); besides
 * that once a minute and when the window gets the focus again (a customer may have reported one).
 */
export const openCountKey = ['malfunctions', 'open-count'] as const;

export function useOpenMalfunctionCount() {
  const { data } = useQuery({
    queryKey: openCountKey,
    queryFn: async () => (await apiGet<{ count: number }>('/api/malfunctions/open-count')).data.count,
    staleTime: 0,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
  return data;
}
