import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from './client';
import { userTokens } from './schema/users';

/** What a one-time link is for: accepting an invitation, or resetting a forgotten password. */
export type TokenType = (typeof userTokens.$inferSelect)['type'];

/** A token of this type with this hash that is neither used nor expired. */
export const openToken = (type: TokenType, tokenHash: string) =>
  and(
    eq(userTokens.tokenHash, tokenHash),
    eq(userTokens.type, type),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, new Date()),
  );

/** The ids of the users with an open token of this type and hash (a sub-select). */
export const usersWithOpenToken = (tx: Executor, type: TokenType, tokenHash: string) =>
  tx.select({ id: userTokens.userId }).from(userTokens).where(openToken(type, tokenHash));

/**
 * The second step of locking a one-time link: the user is locked first (by the caller), then its
 * open token (FOR UPDATE), the order in which user management locks them, so two requests wait
 * for each other in turn instead of in a circle. Undefined when the token is gone meanwhile.
 */
export async function lockOpenToken<U extends { userId: number }>(
  tx: Executor,
  type: TokenType,
  tokenHash: string,
  user: U | undefined,
): Promise<(U & { tokenId: number }) | undefined> {
  if (!user) return undefined;
  const [token] = await tx
    .select({ tokenId: userTokens.id })
    .from(userTokens)
    .where(and(openToken(type, tokenHash), eq(userTokens.userId, user.userId)))
    .for('update');
  return token && { tokenId: token.tokenId, ...user };
}
