import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Role } from '@keurwijzer/shared/permissions';
import { customers } from './customers';
import { archivedAt, createdAt, ownerRef, serialId, timestamps } from './columns';

export const users = pgTable(
  'users',
  {
    id: serialId(),
    firstName: varchar('first_name', { length: 255 }).notNull(),
    preposition: varchar('preposition', { length: 255 }),
    lastName: varchar('last_name', { length: 255 }).notNull(),
    /** Stored lower-cased; unique. */
    email: varchar('email', { length: 255 }).notNull(),
    /** scrypt$logN$r$p$salt$hash; null until the invitation is accepted. */
    passwordHash: text('password_hash'),
    image: text('image'),
    role: text('role').$type<Role>().notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    archivedAt: archivedAt(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    ...timestamps(),
    /** Language preference (spec section 1): only 'nl' exists; default and fallback. */
    lang: varchar('lang', { length: 8 }).notNull().default('nl'),
    /**
     * The TOTP secret, encrypted (AES-256-GCM, lib/secret-box.ts); set when the user starts
     * 2fa-activate, in use once `totpEnabledAt` is set (the first code confirmed it).
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The time step of the last accepted code: a code is accepted once (no replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The OpenID Connect subject (Google `sub`) this account signed in with; unique per issuer. */
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    /** Set by an admin (users: require-password-change); until cleared only change-password is open. */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    /** The reminder e-mails (weekly to the office, monthly to customer users); off on the profile. */
    reminderMails: boolean('reminder_mails').notNull().default(true),
    /** A phone number (profile), normalised; prefills a malfunction's "Bereikbaar op" (migration 0035). */
    phone: varchar('phone', { length: 32 }),
    /** The mails of the malfunctions the user reported (status changes, notes); off on the profile. */
    malfunctionMails: boolean('malfunction_mails').notNull().default(true),
    /** "Beheerder van de klant": invites and archives the users of their own customer. */
    customerAdmin: boolean('customer_admin').notNull().default(false),
    /** What a self-registered user said of their company: its name and (optionally) customer number. */
    companyName: varchar('company_name', { length: 255 }),
    givenCustomerNumber: varchar('given_customer_number', { length: 255 }),
    /**
     * What the user list searches: "first [preposition] last email", lower-cased, kept by the
     * database. A trigram index on it makes `LIKE '%term%'` an index lookup instead of three
     * ILIKEs on every row (bench/: 10,000 users).
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(first_name || ' ' || coalesce(preposition || ' ', '') || last_name || ' ' || email)`,
    ),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // Lets the list count active users per role from the index alone (index-only scan).
    index('users_active_role_idx')
      .on(t.role)
      .where(sql`${t.archivedAt} is null`),
    index('users_last_name_idx').on(t.lastName, t.id),
    index('users_customer_idx').on(t.customerId),
    // The office's waiting accounts (migration 0039): self-registered, not linked yet.
    index('users_waiting_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.role} = 'customer' and ${t.customerId} is null and ${t.archivedAt} is null`),
    uniqueIndex('users_oidc_unique').on(t.oidcIssuer, t.oidcSubject),
    check('users_role_check', sql`${t.role} in ('super_admin', 'admin', 'mechanic', 'customer')`),
    // Only customer users belong to a customer; a self-registered one has none until an admin
    // links it (modules/registration).
    check('users_customer_admin_check', sql`not ${t.customerAdmin} or ${t.role} = 'customer'`),
    check('users_customer_role_check', sql`${t.role} = 'customer' or ${t.customerId} is null`),
  ],
);

/**
 * A user as the app reads it: the row with its customer's name. The session lookup (auth) and
 * user management (users) both read it; the password hash never leaves the server (toUser).
 */
export type UserRow = typeof users.$inferSelect & { customerName: string | null };

/** One-time links (invitation, password reset): only the SHA-256 of the token is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serialId(),
    userId: ownerRef('user_id', () => users.id),
    type: text('type').$type<'invitation' | 'password_reset'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.type)],
);

/** Two-factor recovery codes: ten per activation, only their SHA-256 stored, each used once. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serialId(),
    userId: ownerRef('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_recovery_codes_unique').on(t.userId, t.codeHash)],
);

/** A user who did something to a row (created, moved, handled it...); null once that user is deleted. */
export const userRef = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });
