import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileFormValues } from '@keurwijzer/shared/profile';
import { apiGet, apiSend, type ApiResult } from '../api-client';
import { AUTH_QUERY_KEY, useChange } from '../query-client';

/** The profile's query (resource `users`: a change of the own account refreshes it too). */
export const PROFILE_QUERY_KEY = ['users', 'profile'] as const;

/** GET /api/profile: the logged-in user with the profile's own settings (mails, phone number). */
export const useProfile = () =>
  useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: async () => (await apiGet<Profile>('/api/profile')).data,
  });

/** PUT /api/profile (sent as POST with _method=PUT): the form's values; answers the profile. */
export const updateProfile = (values: ProfileFormValues): Promise<ApiResult<Profile>> =>
  apiSend<Profile>('/api/profile', values, 'PUT');

/** POST /api/profile/image: one photo (multipart field `image`); answers the profile with its new image. */
export const uploadPhoto = (file: File): Promise<ApiResult<Profile>> =>
  apiSend<Profile>('/api/profile/image', { image: file });

/** POST /api/profile/image/remove. */
export const removePhoto = (): Promise<ApiResult<Profile>> => apiSend<Profile>('/api/profile/image/remove');

/**
 * A change of the own account: the answer is the logged-in user, which replaces the session's
 * user (the app bar shows the new name and photo at once) and the profile; user lists refresh
 * (resource users).
 */
export function useProfileChange<TArgs>(call: (args: TArgs) => Promise<ApiResult<Profile>>) {
  const queryClient = useQueryClient();
  return useChange('users', async (args: TArgs) => {
    const res = await call(args);
    const { reminder_mails: _reminders, phone: _phone, malfunction_mails: _mails, ...user } = res.data;
    queryClient.setQueryData(AUTH_QUERY_KEY, user);
    queryClient.setQueryData(PROFILE_QUERY_KEY, res.data);
    return res;
  });
}
