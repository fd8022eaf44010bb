import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/**
 * The number of open follow-ups beside "Acties" in the navigation. Its own small file (the main
 * layout imports it). Under the 'followups' key, so every change of one refreshes it; besides
 * that once a minute (a submitted report writes new ones).
 */
export function useOpenFollowupCount() {
  const { data } = useQuery({
    queryKey: ['followups', 'open-count'],
    queryFn: async () => (await apiGet<{ count: number }>('/api/followups/open-count')).data.count,
    staleTime: 0,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
  return data;
}

/** The menu's badge of "Acties": the open count, read out as "4 open" (nothing when none). */
export function useOpenFollowupsBadge(): { count: number; label: string } | undefined {
  const count = useOpenFollowupCount();
  return count ? { count, label: `${count} open` } : undefined;
}
