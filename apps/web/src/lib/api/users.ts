import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useChange } from '../query-client';
import type { User, UserDetail, UserFormValues } from '@keurwijzer/shared/users';
import type { ListQuery } from '../resource';
import { apiGet, apiSend, type ApiResult, type Page } from '../api-client';

/** The list query plus employees=1 (employees) or 0 (customer users), or one customer's users. */
export type UsersQuery = ListQuery & { employees?: boolean; customer_id?: number; without_customer?: string };

/** The users calls of spec section 7 and their query keys, in one place. */
export const usersKeys = {
  all: ['users'] as const,
  list: (query: UsersQuery) => ['users', 'list', query] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

export const getUsers = async (query: UsersQuery): Promise<Page<User>> => {
  const res = await apiGet<User[]>('/api/users', query);
  return { data: res.data, meta: res.meta! };
};

export const getUser = async (id: number): Promise<UserDetail> => (await apiGet<UserDetail>(`/api/users/${id}`)).data;

export const createUser = (input: UserFormValues): Promise<ApiResult<User>> => apiSend<User>('/api/users', input);

export const updateUser = (id: number, input: UserFormValues): Promise<ApiResult<User>> =>
  apiSend<User>(`/api/users/${id}`, input, 'PUT');

export const archiveUser = (id: number) => apiSend<User>(`/api/users/${id}/archive`);
export const restoreUser = (id: number) => apiSend<User>(`/api/users/${id}/restore`);
export const resendInvitation = (id: number) => apiSend<null>(`/api/resend-invitation/${id}`);
export const requirePasswordChange = (id: number) => apiSend<UserDetail>(`/api/users/${id}/require-password-change`);
export const resetTwoFactor = (id: number) => apiSend<UserDetail>(`/api/users/${id}/reset-two-factor`);

export function useUsers(query: UsersQuery) {
  return useQuery({
    queryKey: usersKeys.list(query),
    queryFn: () => getUsers(query),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number) {
  return useQuery({ queryKey: usersKeys.detail(id), queryFn: () => getUser(id) });
}

/** A change to a user (users and what shows them refresh, see lib/query-client.ts). */
export function useUserMutation<TArgs>(fn: (args: TArgs) => Promise<ApiResult<unknown>>) {
  return useChange('users', fn);
}
