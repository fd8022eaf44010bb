import { z } from 'zod';
import { choiceField, requiredText } from './validation';

/**
 * Personal API tokens: a user's read-only or read-write credential for an ERP or BI
 * tool, sent as `Authorization: Bearer kw_...`. A request made with one is its user's: the same
 * permissions, the same customer, in the audit trail. The token is shown once; the server keeps
 * only its SHA-256.
 *
 * - GET    /api/api-tokens        the user's tokens, newest first (api.tokens)
 * - POST   /api/api-tokens        ApiTokenInput -> ApiTokenCreated (the token, once)
 * - DELETE /api/api-tokens/{id}   revoke (own tokens only)
 * - GET    /api/openapi.json      the API document, with the routes the user may call (api.docs)
 */

export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Alleen lezen',
  write: 'Lezen en schrijven',
};

/**
 * The API document's line in every operation's description saying who may call it (its
 * `x-roles` in words, for any OpenAPI tool); the app's own reference page shows `x-roles` instead.
 */
export const API_DOC_WHO_PREFIX = 'Who may call it: ';

/** Why a token was revoked (the audit trail's words for `revoked_reason`). */
export const API_TOKEN_REVOKED_REASON_LABELS = {
  owner: 'Door de eigenaar',
  archived: 'Account gearchiveerd',
} as const;

/** How long a new token lives, in days (the form's choices; 90 preselected). */
export const API_TOKEN_LIFETIMES = ['7', '30', '90', '180', '365'] as const;
export const API_TOKEN_DEFAULT_LIFETIME = '90';

/** Live tokens (not revoked, not expired) a user may have at once. */
export const MAX_API_TOKENS = 10;

/** What every token starts with (a secret scanner, and a reader, can tell it apart). */
export const API_TOKEN_PREFIX = 'kw_';

/** POST /api/api-tokens. */
export const ApiTokenInputSchema = z.object({
  name: requiredText(80),
  scope: choiceField(API_TOKEN_SCOPES),
  expires_in_days: choiceField(API_TOKEN_LIFETIMES),
});
export type ApiTokenInput = z.output<typeof ApiTokenInputSchema>;
export type ApiTokenFormValues = z.input<typeof ApiTokenInputSchema>;

/** A token as its owner sees it (never the token itself). */
export const ApiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  created_at: z.string(),
  expires_at: z.string(),
  /** Null: never used. */
  last_used_at: z.string().nullable(),
  expired: z.boolean(),
  /**
   * Null: not revoked. Set: revoked when the user (or their customer) was archived; it stays in
   * the list as revoked and never works again, also after a restore. A token its owner revoked
   * is not listed.
   */
  revoked_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** The answer to POST /api/api-tokens: the token, the only time it is shown. */
export const ApiTokenCreatedSchema = ApiTokenSchema.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof ApiTokenCreatedSchema>;

export const API_TOKEN_TEXT = {
  title: 'API-tokens',
  intro:
    'Met een API-token leest een ander programma (bijvoorbeeld je ERP- of BI-pakket) je gegevens via de API, met jouw rechten. Geef elk programma een eigen token.',
  empty: 'Je hebt geen API-tokens.',
  create: 'Nieuw API-token',
  created: 'API-token is aangemaakt',
  copyNow: 'Kopieer het token nu: het wordt niet nog eens getoond.',
  copy: 'Kopiëren',
  copied: 'Token is gekopieerd',
  revoke: 'Intrekken',
  revokeConfirm: (name: string) =>
    `Token "${name}" intrekken? Programma's die het gebruiken krijgen daarna geen toegang meer.`,
  revoked: 'API-token is ingetrokken',
  neverUsed: 'Nog niet gebruikt',
  expired: 'Verlopen',
  revokedByArchive: 'Ingetrokken',
  revokedByArchiveTitle: 'Ingetrokken toen het account werd gearchiveerd. Maak een nieuw token aan.',
  name: 'Naam',
  scope: 'Rechten',
  lifetime: 'Geldig',
  lifetimeDays: (days: string) => `${days} dagen`,
  limit: `Je hebt al ${MAX_API_TOKENS} API-tokens. Trek er eerst een in.`,
  /** 403 for a write with a read token. */
  readOnly: 'Dit API-token mag alleen lezen.',
  /** 403 for the account's own routes (login, password, two-factor, profile, tokens). */
  notWithToken: 'Dit kan niet met een API-token; log in op de website.',
  docs: 'API-documentatie',
  docsIntro:
    'Alle aanroepen die jij mag doen, met hun parameters en antwoorden. Stuur een API-token mee als "Authorization: Bearer <token>".',
} as const;
