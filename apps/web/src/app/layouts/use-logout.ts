import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { TEXT } from '@keurwijzer/shared/texts';
import { useNotify } from '../../components/feedback/notifications';
import { logout } from '../../features/auth/api/auth';
import { errorMessage } from '../../lib/api-client';
import { AUTH_QUERY_KEY } from '../../lib/query-client';

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
    queryClient.setQueryData(AUTH_QUERY_KEY, null);
    await navigate('/login', { replace: true });
  };
}
