import type { QueryClient } from '@tanstack/react-query';
import type {
  RecoveryCodes,
  TwoFactorEnableFormValues,
  TwoFactorPasswordFormValues,
  TwoFactorSetup,
  TwoFactorPending,
  TwoFactorVerifyFormValues,
} from '@keurwijzer/shared/two-factor';
import type { CurrentUser } from '@keurwijzer/shared/users';
import { apiGet, apiSend, refreshCsrfToken } from '../../../lib/api-client';
import { AUTH_QUERY_KEY } from '../../../lib/query-client';

/** GET /api/2fa: whether this browser's session waits for the second factor. */
export async function isTwoFactorPending(): Promise<boolean> {
  return (await apiGet<TwoFactorPending>('/api/2fa')).data.pending;
}

/** POST /api/2fa/setup: a new key to scan or type in (not in use until a code confirms it). */
export async function setupTwoFactor(): Promise<TwoFactorSetup> {
  return (await apiSend<TwoFactorSetup>('/api/2fa/setup')).data;
}

/** POST /api/2fa/enable: the first code turns it on; the recovery codes come back once. */
export async function enableTwoFactor(input: TwoFactorEnableFormValues): Promise<string[]> {
  return (await apiSend<RecoveryCodes>('/api/2fa/enable', input)).data.recovery_codes;
}

/**
 * POST /api/2fa: the second step of a login. The session starts anew (new cookie and CSRF
 * token), so the token is fetched again, as after a login.
 */
export async function verifyTwoFactor(input: TwoFactorVerifyFormValues): Promise<CurrentUser> {
  const { data } = await apiSend<CurrentUser>('/api/2fa', input);
  await refreshCsrfToken();
  return data;
}

/** POST /api/2fa/disable with the password. */
export async function disableTwoFactor(input: TwoFactorPasswordFormValues): Promise<string | undefined> {
  return (await apiSend('/api/2fa/disable', input)).message;
}

/** POST /api/2fa/recovery-codes with the password: ten new codes, the old ones stop working. */
export async function newRecoveryCodes(input: TwoFactorPasswordFormValues): Promise<string[]> {
  return (await apiSend<RecoveryCodes>('/api/2fa/recovery-codes', input)).data.recovery_codes;
}

/** The logged-in user's two-factor state changed: the app bar, guard and profile follow at once. */
export function setTwoFactorEnabled(queryClient: QueryClient, enabled: boolean): void {
  queryClient.setQueryData<CurrentUser | null>(AUTH_QUERY_KEY, (user) =>
    user ? { ...user, two_factor_enabled: enabled, two_factor_setup_required: false } : user,
  );
}
