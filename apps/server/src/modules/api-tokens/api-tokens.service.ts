import {
  API_TOKEN_PREFIX,
  API_TOKEN_TEXT,
  MAX_API_TOKENS,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenInput,
  type ApiTokenScope,
} from '@keurwijzer/shared/api-tokens';
import { TEXT } from '@keurwijzer/shared/texts';
import type { ApiTokenRow } from '../../db/schema/api-tokens';
import type { UserRow } from '../../db/schema/users';
import type { Actor } from '../../lib/actor';
import { activeUser } from '../../lib/active-user';
import { AppError, notFound } from '../../lib/errors';
import { iso } from '../../lib/presenters';
import { randomToken, sha256 } from '../../lib/tokens';
import { apiTokensPolicy } from './api-tokens.policy';
import type { ApiTokensRepository } from './api-tokens.repository';

const DAY_MS = 86_400_000;
/** How often a token's last use is written: not on every request. */
const TOUCH_INTERVAL_MS = 60_000;
/** What a bearer token must look like before it costs a query. */
const TOKEN_FORMAT = /^kw_[A-Za-z0-9_-]{43}$/;

/** A request's token as the pipeline keeps it (request.apiToken). */
export type RequestToken = { id: number; scope: ApiTokenScope };

const present = (row: ApiTokenRow, now: Date): ApiToken => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  created_at: iso(row.createdAt),
  expires_at: iso(row.expiresAt),
  last_used_at: row.lastUsedAt ? iso(row.lastUsedAt) : null,
  expired: row.expiresAt <= now,
  revoked_at: row.revokedAt ? iso(row.revokedAt) : null,
});

export function createApiTokensService({ repo }: { repo: ApiTokensRepository }) {
  return {
    /**
     * The user and token behind `Authorization: Bearer <token>`, or null (unknown, revoked,
     * expired, an archived user or customer). Touches the token's last use now and then.
     */
    async authenticate(bearer: string): Promise<{ user: UserRow; token: RequestToken } | null> {
      if (!TOKEN_FORMAT.test(bearer)) return null;
      const now = new Date();
      const row = await repo.findLive(sha256(bearer), now);
      const user = row && activeUser(row);
      if (!row || !user) return null;
      const last = row.token.lastUsedAt?.getTime() ?? 0;
      if (now.getTime() - last > TOUCH_INTERVAL_MS) await repo.touch(row.token.id, now);
      return { user, token: { id: row.token.id, scope: row.token.scope } };
    },

    async list(actor: Actor): Promise<ApiToken[]> {
      apiTokensPolicy.assertOwn(actor);
      const now = new Date();
      return (await repo.list(actor.id)).map((row) => present(row, now));
    },

    /** A new token; the answer is the only time the token itself is shown. */
    async create(actor: Actor, input: ApiTokenInput): Promise<ApiTokenCreated> {
      apiTokensPolicy.assertOwn(actor);
      const token = API_TOKEN_PREFIX + randomToken();
      const now = new Date();
      const row = await repo.insertWithin(
        {
          userId: actor.id,
          name: input.name,
          scope: input.scope,
          tokenHash: sha256(token),
          expiresAt: new Date(now.getTime() + Number(input.expires_in_days) * DAY_MS),
        },
        MAX_API_TOKENS,
        now,
      );
      if (row === 'limit') throw new AppError(409, API_TOKEN_TEXT.limit);
      // Archived while the request was on its way: the session is ending, as if it had ended.
      if (row === 'archived') throw new AppError(401, TEXT.unauthenticated);
      return { ...present(row, now), token };
    },

    async revoke(actor: Actor, id: number): Promise<void> {
      apiTokensPolicy.assertOwn(actor);
      if (!(await repo.revoke(actor.id, id, new Date()))) throw notFound();
    },

    /** The trail's row for one request made with a token. */
    recordUse: repo.recordUse,
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
