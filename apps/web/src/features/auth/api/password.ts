import type {
  ChangePasswordFormValues,
  PasswordRecoverFormValues,
  PasswordResetFormValues,
} from '@keurwijzer/shared/account';
import { apiSend, refreshCsrfToken } from '../../../lib/api-client';

/** POST /api/password-recover: the same answer for every address (its message is shown). */
export async function recoverPassword(input: PasswordRecoverFormValues): Promise<string | undefined> {
  return (await apiSend('/api/password-recover', input)).message;
}

/** POST /api/password-reset: the e-mailed token and the new password; logs nobody in. */
export async function resetPassword(input: PasswordResetFormValues): Promise<string | undefined> {
  return (await apiSend('/api/password-reset', input)).message;
}

/**
 * POST /api/change-password. The session goes on under a new id with a new CSRF token, so the
 * token is fetched again (as after a login).
 */
export async function changePassword(input: ChangePasswordFormValues): Promise<string | undefined> {
  const res = await apiSend('/api/change-password', input);
  await refreshCsrfToken();
  return res.message;
}
