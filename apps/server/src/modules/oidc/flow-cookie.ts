import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { OidcIntent } from '@keurwijzer/shared/oidc';

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
 * The flow cookie of Google sign-in: state, nonce, PKCE verifier, intent and redirect, sealed with
 * AES-256-GCM under a key derived from SESSION_SECRET. No database row: a forged or altered cookie
 * fails the authentication tag, an old one its `expiresAt`; the callback clears it (single use;
 * the provider also accepts an authorization code only once).
 *
 * HttpOnly, SameSite=Lax (the callback is a top-level GET navigation from the provider, which Lax
 * cookies go along with; Strict ones would not), Path=/api/auth/google (the start and the
 * callback only), 10 minutes, Secure and `__Secure-` prefixed under https.
 */
export function createFlowCookies({ secret, secure }: { secret: string; secure: boolean }) {
  const key = createHmac('sha256', secret).update('keurwijzer oidc flow cookie').digest();

  return {
    name: secure ? '__Secure-kw_oidc' : 'kw_oidc',
    options: {
      path: '/api/auth/google',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: FLOW_TTL_MS / 1000,
    } as const,

    /** The cookie value of `flow`: base64url(iv | tag | ciphertext). */
    seal(flow: OidcFlow): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(flow), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },

    /** The flow of a cookie value, or null when it is absent, altered, malformed or expired. */
    open(value: string | undefined, now = Date.now()): OidcFlow | null {
      if (!value || value.length > 4000) return null;
      try {
        const raw = Buffer.from(value, 'base64url');
        if (raw.length < 29) return null;
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
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
