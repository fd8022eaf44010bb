import type { OidcIntent } from '@keurwijzer/shared/oidc';
import type { SecretBox } from '../../lib/secret-box';

/** A Google sign-in must come back within 10 minutes of leaving. */
export const FLOW_TTL_MS = 10 * 60_000;

/** What the browser carries from GET /api/auth/google to its callback. */
export type OidcFlow = {
  state: string;
  nonce: string;
  /** The PKCE code_verifier: a secret, hence the encryption. */
  codeVerifier: string;
  intent: OidcIntent;
  /** A same-site path (safeRedirectPath), or null for the user's home. */
  redirect: string | null;
  /** Epoch milliseconds after which the flow is refused. */
  expiresAt: number;
};

/**
 * The flow cookie of Google sign-in: state, nonce, PKCE verifier, intent and redirect, sealed by
 * the app's secret box (lib/secret-box.ts: AES-256-GCM, its own context). No database row: a forged or altered cookie
 * fails the authentication tag, an old one its `expiresAt`; the callback clears it (single use;
 * the provider also accepts an authorization code only once).
 *
 * HttpOnly, SameSite=Lax (the callback is a top-level GET navigation from the provider, which Lax
 * cookies go along with; Strict ones would not), Path=/api/auth/google (the start and the
 * callback only), 10 minutes, Secure and `__Secure-` prefixed under https.
 */
const CONTEXT = 'oidc:flow';

export function createFlowCookies({ box, secure }: { box: SecretBox; secure: boolean }) {
  return {
    name: secure ? '__Secure-kw_oidc' : 'kw_oidc',
    options: {
      path: '/api/auth/google',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: FLOW_TTL_MS / 1000,
    } as const,

    /** The cookie value of `flow` (the secret box's sealed form: base64url parts and dots). */
    seal: (flow: OidcFlow): string => box.seal(JSON.stringify(flow), CONTEXT),

    /** The flow of a cookie value, or null when it is absent, altered, malformed or expired. */
    open(value: string | undefined, now = Date.now()): OidcFlow | null {
      if (!value || value.length > 4000) return null;
      const text = box.open(value, CONTEXT);
      if (text === null) return null;
      try {
        const flow = JSON.parse(text) as Partial<OidcFlow>;
        const strings = [flow.state, flow.nonce, flow.codeVerifier].every((s) => typeof s === 'string' && s);
        if (!strings || (flow.intent !== 'login' && flow.intent !== 'register')) return null;
        if (typeof flow.expiresAt !== 'number' || flow.expiresAt < now) return null;
        return { ...(flow as OidcFlow), redirect: typeof flow.redirect === 'string' ? flow.redirect : null };
      } catch {
        return null;
      }
    },
  };
}

export type FlowCookies = ReturnType<typeof createFlowCookies>;
