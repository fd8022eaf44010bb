import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/**
 * The number of open malfunctions (Open and In behandeling) beside "Storingen" in the navigation,
 * and how many of them are late (no response, past the deadline). Its own small file:
 * the main layout imports it, so it carries no schema and no screen. Under the 'malfunctions' key,
 * so every change of a malfunction refreshes it (lib/query-client.ts); besides that once a minute
 * and when the window gets the focus again (a customer may have reported one, a deadline passed).
 */
export const openCountKey = ['malfunctions', 'open-count'] as const;

export type OpenMalfunctionCount = { count: number; late: number };

export function useOpenMalfunctionCount(): OpenMalfunctionCount | undefined {
  const { data } = useQuery({
    queryKey: openCountKey,
    queryFn: async () => (await apiGet<OpenMalfunctionCount>('/api/malfunctions/open-count')).data,
    staleTime: 0,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
  return data;
}

/** What a screen reader hears beside "Storingen": "3 open" or "3 open, waarvan 1 te laat". */
export const openCountLabel = ({ count, late }: OpenMalfunctionCount): string =>
  late > 0 ? `${count} open, waarvan ${late} te laat` : `${count} open`;
