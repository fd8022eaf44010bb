import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { TEXT } from '@keurwijzer/shared/texts';
import { useNotify } from '../../components/feedback/notifications';
import { logout } from '../../lib/api/auth';
import { errorMessage } from '../../lib/api-client';
import { AUTH_QUERY_KEY } from '../../lib/query-client';
import { userCaches } from '../../lib/offline-cache/user-caches';

/** Signs out on the server, forgets every cached answer and goes to login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  return async () => {
    try {
      await logout();
      notify(TEXT.loggedOut);
    } catch (err) {
      notify(errorMessage(err), 'error');
    }
    queryClient.clear();
    // The offline copies of the API are this user's: nobody else reads them on this device.
    await userCaches.loggedOut();
    queryClient.setQueryData(AUTH_QUERY_KEY, null);
    await navigate('/login', { replace: true });
  };
}
