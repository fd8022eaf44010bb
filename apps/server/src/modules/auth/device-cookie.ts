import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../lib/tokens';

/** A device cookie lives a year; a browser that logs in again gets a new one. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a successful
 * login gives the browser a signed cookie naming the account. A later login attempt for that
 * account that carries it is counted against that device's own limit instead of the account's,
 * so guessers from elsewhere cannot lock the owner out (login-throttle.ts).
 *
 * Value: `userId.issuedAt.deviceId.signature`, the signature an HMAC-SHA256 over the rest with a
 * key derived from SESSION_SECRET. No database row: a forged or altered cookie fails the
 * signature, one of another account does not match the user, one older than a year has expired.
 * The cookie is sent only to POST /api/login (Path), HttpOnly, SameSite=Strict, Secure and
 * `__Secure-` prefixed under https; one per browser (the last account that logged in there).
 */
export function createDeviceCookies({ secret, secure }: { secret: string; secure: boolean }) {
  const key = createHmac('sha256', secret).update('keurwijzer device cookie').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    name: secure ? '__Secure-kw_device' : 'kw_device',
    options: {
      path: '/api/login',
      httpOnly: true,
      sameSite: 'strict',
      secure,
      maxAge: DEVICE_COOKIE_MAX_AGE_S,
    } as const,

    /** A new cookie value for a browser that just logged in as `userId`. */
    issue(userId: number, now = Date.now()): string {
      const payload = `${userId}.${Math.floor(now / 1000)}.${randomBytes(16).toString('base64url')}`;
      return `${payload}.${sign(payload)}`;
    },

    /** The device id of `value` when it is a valid, unexpired device cookie of `userId`; else null. */
    deviceOf(value: string | undefined, userId: number, now = Date.now()): string | null {
      if (!value || value.length > 200) return null;
      const parts = value.split('.');
      if (parts.length !== 4) return null;
      const [uid, issuedAt, deviceId, signature] = parts as [string, string, string, string];
      if (!safeEqual(signature, sign(`${uid}.${issuedAt}.${deviceId}`))) return null;
      if (uid !== String(userId)) return null;
      const age = now / 1000 - Number(issuedAt);
      // A few minutes ahead: another server process's clock.
      return age >= -300 && age <= DEVICE_COOKIE_MAX_AGE_S ? deviceId : null;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
