import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OwnUserFormValues, User } from '@keurwijzer/shared/users';
import type { ListQuery } from '../../../components/table/list-state';
import { apiGet, apiSend, type ApiResult, type Page } from '../../../lib/api-client';

/**
 * /api/own-users: a customer administrator's colleagues. Under the 'users' key, so
 * `useUserMutation` refreshes the list after a change.
 */
export const ownUsersKeys = {
  list: (query: ListQuery) => ['users', 'own', query] as const,
};

export const getOwnUsers = async (query: ListQuery): Promise<Page<User>> => {
  const res = await apiGet<User[]>('/api/own-users', query);
  return { data: res.data, meta: res.meta! };
};

export const inviteOwnUser = (input: OwnUserFormValues): Promise<ApiResult<User>> =>
  apiSend<User>('/api/own-users', input);
export const archiveOwnUser = (id: number) => apiSend<User>(`/api/own-users/${id}/archive`);
export const restoreOwnUser = (id: number) => apiSend<User>(`/api/own-users/${id}/restore`);

export function useOwnUsers(query: ListQuery) {
  return useQuery({
    queryKey: ownUsersKeys.list(query),
    queryFn: () => getOwnUsers(query),
    placeholderData: keepPreviousData,
  });
}
