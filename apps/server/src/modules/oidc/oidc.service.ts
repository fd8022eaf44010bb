import type { OidcErrorCode, GoogleStartQuery } from '@keurwijzer/shared/oidc';
import { safeRedirectPath } from '@keurwijzer/shared/oidc';
import type { Executor } from '../../db/client';
import type { UserRow, users as usersTable } from '../../db/schema/users';
import { isUniqueViolation, notFound } from '../../lib/errors';
import type { OfficeMail } from '../../lib/office-mail';
import { waitingAccountMail } from '../../lib/mail-templates';
import type { SecurityFields, SecurityLog } from '../../lib/security-log';
import { safeEqual } from '../../lib/tokens';
import { FLOW_TTL_MS, type FlowCookies } from './flow-cookie';
import { isNonceMismatch, randomFlowValues, type OidcProviderClient } from './oidc.client';
import type { OidcRepository, OidcUser } from './oidc.repository';

/** What a first Google sign-in needs of the users and registration modules. */
export type OidcUsers = {
  insert(values: typeof usersTable.$inferInsert, tx?: Executor): Promise<number>;
  findById(id: number): Promise<UserRow | undefined>;
};

type Deps = {
  /** null: Google sign-in is off (GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET not set). */
  provider: OidcProviderClient | null;
  flows: FlowCookies;
  repo: OidcRepository;
  users: OidcUsers;
  /** The admins, told that a new account waits (lib/office-mail.ts). */
  officeMail: OfficeMail;
  appUrl: string;
};

/** The end of a callback: a failure (to /login?fout=...) or the account to start a session for. */
export type CallbackOutcome =
  { ok: false; error: OidcErrorCode } | { ok: true; user: UserRow; redirect: string | null; registered: boolean };

type Failure = { reason: NonNullable<SecurityFields['reason']>; error: OidcErrorCode; userId?: number; email?: string };

const fail = (f: Failure, log: SecurityLog): CallbackOutcome => {
  log('oidc.failure', { reason: f.reason, userId: f.userId, email: f.email });
  return { ok: false, error: f.error };
};

/** The account as login sees it: a user of an archived customer counts as archived. */
const asUserRow = ({ customerArchivedAt, ...row }: OidcUser): UserRow => ({
  ...row,
  archivedAt: row.archivedAt ?? customerArchivedAt,
});

/** Google sign-in is off: its routes do not exist. */
function need(provider: OidcProviderClient | null): OidcProviderClient {
  if (!provider) throw notFound();
  return provider;
}

const clip = (value: unknown, max = 255): string | null =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;

/** First and last name of a new account: the ID token's given_name/family_name, else `name` split. */
function namesOf(claims: Record<string, unknown>, email: string): { firstName: string; lastName: string } {
  const given = clip(claims.given_name);
  const family = clip(claims.family_name);
  if (given && family) return { firstName: given, lastName: family };
  const full = clip(claims.name)?.split(/\s+/) ?? [];
  return {
    firstName: given ?? full[0] ?? email.split('@')[0]!.slice(0, 255),
    lastName: family ?? (full.length > 1 ? full.slice(1).join(' ').slice(0, 255) : ''),
  };
}

/**
 * Google sign-in (OpenID Connect, authorization code with PKCE; docs/architecture.md "Google
 * sign-in"). `start` builds the provider's URL and the flow cookie; `callback` checks the answer
 * and finds (or creates) the account. Starting the session is the auth module's (the route).
 */
export function createOidcService({ provider, flows, repo, users, officeMail, appUrl }: Deps) {
  return {
    enabled: provider !== null,

    /** The provider's URL to send the browser to, and the sealed flow cookie to set. */
    async start(query: GoogleStartQuery) {
      const provider_ = need(provider);
      const { state, nonce, codeVerifier, codeChallenge } = await randomFlowValues();
      const url = await provider_.authorizationUrl({ state, nonce, codeChallenge });
      const cookie = flows.seal({
        state,
        nonce,
        codeVerifier,
        intent: query.intent,
        redirect: query.redirect ?? null,
        expiresAt: Date.now() + FLOW_TTL_MS,
      });
      return { url, cookie };
    },

    /**
     * The provider's answer: `callbackUrl` is the callback as requested (code, state, iss or
     * error), `flowCookie` the flow cookie's value. Every check failing ends in a failure that is
     * logged with its reason; nothing is created or linked then.
     */
    async callback(callbackUrl: URL, flowCookie: string | undefined, log: SecurityLog): Promise<CallbackOutcome> {
      const provider_ = need(provider);
      // The flow cookie missing, altered or expired: this browser did not start this sign-in.
      const flow = flows.open(flowCookie);
      const state = callbackUrl.searchParams.get('state');
      if (!flow || !state || !safeEqual(state, flow.state)) return fail({ reason: 'state', error: 'google' }, log);
      if (callbackUrl.searchParams.has('error')) return fail({ reason: 'provider_error', error: 'google' }, log);

      let claims: Record<string, unknown> & { sub: string; iss: string };
      try {
        claims = await provider_.exchange(callbackUrl, flow);
      } catch (err) {
        return fail({ reason: isNonceMismatch(err) ? 'nonce' : 'provider_error', error: 'google' }, log);
      }
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      if (claims.email_verified !== true || !email || email.length > 255) {
        return fail({ reason: 'email_not_verified', error: 'google_email', email: email || undefined }, log);
      }
      const issuer = claims.iss;
      const redirect = safeRedirectPath(flow.redirect);

      const found = (await repo.findBySubject(issuer, claims.sub)) ?? (await repo.findByEmail(email));
      if (found) {
        const who = { userId: found.id, email: found.email };
        if (found.archivedAt || found.customerArchivedAt)
          return fail({ reason: 'archived', error: 'google_inactive', ...who }, log);
        // Invited, or registered with a password and not yet confirmed: the activation link first
        // (linking here would hand an account someone else pre-registered to this Google user).
        if (!found.activatedAt) return fail({ reason: 'not_activated', error: 'google_not_activated', ...who }, log);
        if (found.oidcSubject === null) {
          // Another sign-in linked a subject meanwhile: only this one's may sign in.
          const linked = await repo.linkSubject(found.id, issuer, claims.sub);
          if (!linked) return fail({ reason: 'account', error: 'google', ...who }, log);
        } else if (found.oidcIssuer !== issuer || found.oidcSubject !== claims.sub) {
          // The address's account signs in with another Google account.
          return fail({ reason: 'account', error: 'google', ...who }, log);
        }
        return { ok: true, user: asUserRow(found), redirect, registered: false };
      }

      // No account: a self-registered customer user, activated now (Google verified the address),
      // without password and without customer until an admin links it.
      let userId: number;
      try {
        userId = await users.insert({
          ...namesOf(claims, email),
          email,
          passwordHash: null,
          role: 'customer',
          customerId: null,
          activatedAt: new Date(),
          oidcIssuer: issuer,
          oidcSubject: claims.sub,
        });
      } catch (err) {
        // The same account created at this very moment by another request.
        if (isUniqueViolation(err, 'users_email_unique') || isUniqueViolation(err, 'users_oidc_unique')) {
          return fail({ reason: 'provider_error', error: 'google', email }, log);
        }
        throw err;
      }
      const user = await users.findById(userId);
      if (!user) throw new Error(`user ${userId} vanished`);
      log('oidc.registered', { userId, email, role: 'customer' });
      // The admins link it to its customer (the mail of a confirmed self-registration).
      const message = waitingAccountMail(user, appUrl);
      await officeMail.send({ kind: 'registration_waiting', ...message });
      return { ok: true, user, redirect: null, registered: true };
    },
  };
}

export type OidcService = ReturnType<typeof createOidcService>;
