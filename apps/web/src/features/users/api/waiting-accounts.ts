import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { User, WaitingAccount } from '@keurwijzer/shared/users';
import type { ListQuery } from '../../../components/table/list-state';
import { apiGet, apiSend, type Page } from '../../../lib/api-client';

/**
 * GET /api/users/waiting: the self-registered accounts without a customer, with the
 * customers the server suggests. Under the 'users' key: a change to any user refreshes it.
 */
export const waitingKeys = {
  list: (query: ListQuery) => ['users', 'waiting', query] as const,
};

export const getWaitingAccounts = async (query: ListQuery): Promise<Page<WaitingAccount>> => {
  const res = await apiGet<WaitingAccount[]>('/api/users/waiting', query);
  return { data: res.data, meta: res.meta! };
};

/** POST /api/users/:id/link: links the account to the customer; the server mails the user. */
export const linkAccount = ({ id, customerId }: { id: number; customerId: number }) =>
  apiSend<User>(`/api/users/${id}/link`, { customer_id: customerId });

export function useWaitingAccounts(query: ListQuery) {
  return useQuery({
    queryKey: waitingKeys.list(query),
    queryFn: () => getWaitingAccounts(query),
    placeholderData: keepPreviousData,
  });
}
