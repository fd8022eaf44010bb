import type { FastifyBaseLogger } from 'fastify';

/**
 * Security events, one log line each at info through the request's logger (so with its request
 * id), with a stable `event` field to search and alert on:
 * `{ level: 30, reqId, event: 'login.failure', userId, email, ip, reason, msg: 'login.failure' }`.
 */
export type SecurityEvent =
  | 'login.success'
  | 'login.failure'
  | 'login.throttled'
  | 'logout'
  | 'password.set'
  | 'password.reset_requested'
  | 'password.reset_throttled'
  | 'password.reset_mail_throttled'
  | 'password.reset'
  | 'password.changed'
  | 'password.change_failed'
  | 'password.change_throttled'
  | 'user.created'
  | 'user.role_changed'
  | 'user.email_changed'
  | 'user.archived'
  | 'user.restored'
  | 'user.password_change_required'
  | 'user.two_factor_reset'
  | 'user.registered'
  | 'user.customer_admin_changed'
  | 'user.linked'
  | 'register.taken'
  | 'register.throttled'
  | 'two_factor.enabled'
  | 'two_factor.disabled'
  | 'two_factor.success'
  | 'two_factor.failure'
  | 'two_factor.throttled'
  | 'two_factor.recovery_code_used'
  | 'oidc.success'
  | 'oidc.failure'
  | 'oidc.registered';

/**
 * What an event may carry: who and from where, never a password, token or cookie (the type has
 * no field for one, and every field is a number or a short enumerated or typed-in text).
 */
export type SecurityFields = {
  /** The account concerned (null: the e-mail belongs to no account). */
  userId?: number | null;
  /** The account's e-mail, or the one typed at a failed login. */
  email?: string;
  /** Who did it, when not the account itself (user management). */
  actorId?: number;
  /** Why a login failed or was throttled. */
  reason?:
    | 'unknown_email'
    | 'wrong_password'
    | 'not_activated'
    | 'archived'
    | 'pair'
    | 'account'
    | 'device'
    | 'recover'
    | 'recover_ip'
    | 'password_account'
    | 'password'
    | 'wrong_code'
    | 'reused_code'
    | 'two_factor'
    | 'two_factor_account'
    | 'state'
    | 'nonce'
    | 'email_not_verified'
    | 'provider_error';
  /** The login came with a valid device cookie of this account. */
  knownDevice?: boolean;
  /** The password was right; the session waits for the second factor. */
  twoFactorPending?: boolean;
  role?: string;
  previousRole?: string;
  previousEmail?: string;
  /** "Beheerder van de klant" after the change. */
  customerAdmin?: boolean;
  /** The customer a waiting account was linked to. */
  customerId?: number;
};

export type SecurityLog = (event: SecurityEvent, fields: SecurityFields) => void;

/** The security log of one request: its logger and its client address. */
export function securityLogOf(request: { log: FastifyBaseLogger; ip: string }): SecurityLog {
  return (event, fields) => request.log.info({ event, ip: request.ip, ...fields }, event);
}
