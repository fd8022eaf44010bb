import { useQueryClient } from '@tanstack/react-query';
import type { ProfileFormValues } from '@keurwijzer/shared/profile';
import type { CurrentUser } from '@keurwijzer/shared/users';
import { apiSend, type ApiResult } from '../../../lib/api-client';
import { AUTH_QUERY_KEY, useChange } from '../../../lib/query-client';

/** PUT /api/profile (sent as POST with _method=PUT): the form's values; answers the user. */
export const updateProfile = (values: ProfileFormValues): Promise<ApiResult<CurrentUser>> =>
  apiSend<CurrentUser>('/api/profile', values, 'PUT');

/** POST /api/profile/image: one photo (multipart field `image`); answers the user with its new image. */
export const uploadPhoto = (file: File): Promise<ApiResult<CurrentUser>> =>
  apiSend<CurrentUser>('/api/profile/image', { image: file });

/** POST /api/profile/image/remove. */
export const removePhoto = (): Promise<ApiResult<CurrentUser>> => apiSend<CurrentUser>('/api/profile/image/remove');

/**
 * A change of the own account: the answer is the logged-in user, which replaces the session's
 * user (the app bar shows the new name and photo at once); user lists refresh (resource users).
 */
export function useProfileChange<TArgs>(call: (args: TArgs) => Promise<ApiResult<CurrentUser>>) {
  const queryClient = useQueryClient();
  return useChange('users', async (args: TArgs) => {
    const res = await call(args);
    queryClient.setQueryData(AUTH_QUERY_KEY, res.data);
    return res;
  });
}
