import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueuedMail } from '@keurwijzer/shared/mails';
import { apiGet, apiSend, type Page, type Query } from '../../../lib/api-client';
import { useChange } from '../../../lib/query-client';

/** The mail queue's endpoints for admins (packages/shared/src/mails.ts). */
export const mailPaths = {
  list: '/api/mails',
  retry: (id: number) => `/api/mails/${id}/retry`,
};

/** GET /api/mails: a page of mails (the list's query, e.g. status=failed). */
export function useMails(query: Query) {
  return useQuery({
    queryKey: ['mails', 'list', query],
    queryFn: async (): Promise<Page<QueuedMail>> => {
      const res = await apiGet<QueuedMail[]>(mailPaths.list, query);
      return { data: res.data, meta: res.meta! };
    },
    placeholderData: keepPreviousData,
  });
}

/** POST /api/mails/:id/retry: queues a failed mail again ("De e-mail wordt opnieuw verstuurd"). */
export const useRetryMail = () => useChange('mails', (id: number) => apiSend<QueuedMail>(mailPaths.retry(id)));
