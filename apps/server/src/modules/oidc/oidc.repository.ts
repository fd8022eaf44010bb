import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { users, type UserRow } from '../../db/schema/users';
import { isUniqueViolation } from '../../lib/errors';

/** A user as Google sign-in decides on it: the row, its customer's name and archiving. */
export type OidcUser = UserRow & { customerArchivedAt: Date | null };

const columns = { ...getTableColumns(users), customerName: customers.name, customerArchivedAt: customers.archivedAt };

/** Queries of Google sign-in; a new account goes through the users repository. */
export function createOidcRepository(db: Db) {
  const select = () => db.select(columns).from(users).leftJoin(customers, eq(customers.id, users.customerId));

  return {
    /** The account that signed in before with this subject of this issuer. */
    async findBySubject(issuer: string, subject: string): Promise<OidcUser | undefined> {
      const [row] = await select()
        .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)))
        .limit(1);
      return row;
    },

    /** The account with this e-mail (stored lower-cased: pass it lower-cased). */
    async findByEmail(email: string): Promise<OidcUser | undefined> {
      const [row] = await select().where(eq(users.email, email)).limit(1);
      return row;
    },

    /**
     * Remembers the subject for the account, unless it already has one (two first sign-ins at
     * once: the first one's stays) or another account has it. True when this call linked it.
     */
    async linkSubject(userId: number, issuer: string, subject: string): Promise<boolean> {
      try {
        const rows = await db
          .update(users)
          .set({ oidcIssuer: issuer, oidcSubject: subject, updatedAt: new Date() })
          .where(and(eq(users.id, userId), isNull(users.oidcSubject)))
          .returning({ id: users.id });
        return rows.length > 0;
      } catch (err) {
        // The subject was linked to another account at this very moment.
        if (isUniqueViolation(err, 'users_oidc_unique')) return false;
        throw err;
      }
    },
  };
}

export type OidcRepository = ReturnType<typeof createOidcRepository>;
