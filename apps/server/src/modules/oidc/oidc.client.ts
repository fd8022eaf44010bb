import * as client from 'openid-client';

export type GoogleConfig = { clientId: string; clientSecret: string; issuer: string };

/** What the sign-in needs of the provider: the authorization URL and the code exchange. */
export type OidcProviderClient = {
  /** The provider's issuer identifier (from its discovery document). */
  issuer(): Promise<string>;
  authorizationUrl(params: { state: string; nonce: string; codeChallenge: string }): Promise<URL>;
  /**
   * Exchanges the code of the callback URL and validates the answer: the state, the ID token's
   * signature, issuer, audience, expiry and nonce, and the PKCE verifier (at the provider).
   * Returns the ID token's claims; throws on any mismatch (classify it with failureOf).
   */
  exchange(callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<client.IDToken>;
};

/**
 * The provider through openid-client: its discovery document is fetched on first use and kept
 * (a failed fetch is not kept, so the next sign-in tries again). Plain http is allowed only for a
 * provider on this machine (the tests' oidc-provider); Google itself is https.
 */
export function createOidcProviderClient(google: GoogleConfig, redirectUri: string): OidcProviderClient {
  let discovered: Promise<client.Configuration> | null = null;
  const issuerUrl = new URL(google.issuer);
  const local = issuerUrl.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuerUrl.hostname);

  const configuration = () => {
    discovered ??= client
      .discovery(
        issuerUrl,
        google.clientId,
        { client_secret: google.clientSecret, redirect_uris: [redirectUri], response_types: ['code'] },
        client.ClientSecretPost(google.clientSecret),
        local ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
      )
      .catch((err: unknown) => {
        discovered = null;
        throw err;
      });
    return discovered;
  };

  return {
    async issuer() {
      return (await configuration()).serverMetadata().issuer;
    },

    async authorizationUrl({ state, nonce, codeChallenge }) {
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
    },

    async exchange(callbackUrl, { state, nonce, codeVerifier }) {
      const tokens = await client.authorizationCodeGrant(await configuration(), callbackUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      return claims;
    },
  };
}

/** Whether an openid-client error is the ID token's nonce not matching (else: the provider's fault). */
export function isNonceMismatch(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { claim?: unknown }).claim === 'nonce') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const randomFlowValues = async () => {
  const codeVerifier = client.randomPKCECodeVerifier();
  return {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier,
    codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier),
  };
};
