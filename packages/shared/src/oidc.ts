import { z } from 'zod';

/**
 * Google sign-in (OpenID Connect): the contract between the server's modules/oidc and
 * the login and register screens. The browser never calls these with fetch except the providers
 * check: GET /api/auth/google is a plain link (a full navigation to Google and back), and the
 * callback ends in a redirect to a screen of the app.
 */

/** GET /api/auth/providers: which sign-in providers are on (the web hides the buttons otherwise). */
export const AuthProvidersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;

/** Why the visitor goes to Google: to log in (the login screen) or to sign up (register). */
export const OIDC_INTENTS = ['login', 'register'] as const;
export type OidcIntent = (typeof OIDC_INTENTS)[number];

/** A same-site path as it stands: one "/", not "//" or "/\\", no control character or backslash. */
function isPlainPath(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return value.startsWith('/') && !value.startsWith('//') && !/[\u0000-\u001f\u007f\\]/.test(value);
}

/**
 * Only a same-site path is followed after sign-in (no open redirect), the ONE check of every
 * `redirect` parameter (login, 2fa, Google sign-in, server and web): it starts with one "/", not
 * "//" or "/\\" (browsers read both as another host), has no control characters or backslashes,
 * also not percent-encoded ("/%2F%2Fevil", "/%09", "/%0A", "/%5Cevil": each decoded form must pass
 * too; a malformed escape is refused), and is not the login screen itself. Anything else: null
 * (the caller goes to the user's home).
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  let form = value;
  for (let round = 0; round < 3; round++) {
    if (!isPlainPath(form)) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(form);
    } catch {
      return null;
    }
    if (decoded === form) break;
    form = decoded;
  }
  if (!isPlainPath(form)) return null;
  if (form === '/login' || form.startsWith('/login?') || form.startsWith('/login/')) return null;
  return value;
}

/**
 * GET /api/auth/google?intent=login|register&redirect=/path. A redirect that is not a same-site
 * path is dropped (the app's home instead), never followed; an unknown intent is a 422.
 */
export const GoogleStartQuerySchema = z.object({
  intent: z.enum(OIDC_INTENTS).default('login'),
  redirect: z
    .string()
    .max(2000)
    .optional()
    .transform((v) => safeRedirectPath(v) ?? undefined),
});
export type GoogleStartQuery = z.output<typeof GoogleStartQuerySchema>;
export type GoogleStartParams = z.input<typeof GoogleStartQuerySchema>;

/**
 * The `fout` parameter of /login after a Google sign-in that did not log anybody in, and its
 * Dutch text. `google`: anything that went wrong on the way (state, nonce, the provider's answer);
 * the reason is in the security log, not on the screen.
 */
export const OIDC_ERRORS = {
  google: 'Inloggen met Google is niet gelukt. Probeer het opnieuw.',
  google_email:
    'Het e-mailadres van je Google-account is niet bevestigd. Bevestig het bij Google of log in met je e-mail en wachtwoord.',
  google_inactive: 'Dit account is niet actief. Neem contact op met Keurwijzer als je denkt dat dit niet klopt.',
  google_not_activated:
    'Dit account is nog niet geactiveerd. Gebruik de link in de e-mail die je hebt gekregen om het te activeren.',
} as const;
export type OidcErrorCode = keyof typeof OIDC_ERRORS;

/** The Dutch text of a `fout` parameter, or null for none or an unknown one. */
export function oidcErrorText(code: string | null | undefined): string | null {
  return code && Object.hasOwn(OIDC_ERRORS, code) ? OIDC_ERRORS[code as OidcErrorCode] : null;
}

export const OIDC_TEXT = {
  loginButton: 'Inloggen met Google',
  registerButton: 'Registreren met Google',
  /** Under the login screen's button: a first Google sign-in creates an account. */
  termsNotice: 'Door verder te gaan ga je akkoord met de voorwaarden',
  /** The register screen's Google button needs the terms checkbox first. */
  termsFirst: 'Vink eerst aan dat je akkoord gaat met de voorwaarden.',
} as const;

/** The web's link that starts Google sign-in (a full navigation, not fetch). */
export function googleSignInHref(intent: OidcIntent, redirect?: string | null): string {
  const params = new URLSearchParams({ intent });
  const safe = safeRedirectPath(redirect);
  if (safe) params.set('redirect', safe);
  return `/api/auth/google?${params.toString()}`;
}
