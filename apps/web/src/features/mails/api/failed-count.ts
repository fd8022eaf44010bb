import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/**
 * The number of e-mails that failed for good, beside "Mislukte e-mails" in the navigation. Its own
 * small file (the main layout imports it). Under the 'mails' key, so sending one again refreshes
 * it; besides that every five minutes.
 */
export function useFailedMailCount() {
  const { data } = useQuery({
    queryKey: ['mails', 'failed-count'],
    queryFn: async () => (await apiGet<{ count: number }>('/api/mails/failed-count')).data.count,
    refetchInterval: 5 * 60_000,
  });
  return data;
}
