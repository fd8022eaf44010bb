import { afterAll, beforeAll, expect } from 'vitest';
import type { Role } from '@keurwijzer/shared/permissions';
import type { users } from '../db/schema/users';
import { createTestApp, type TestApp } from './build-test-app';
import { TestClient } from './client';
import { createPlacementChain, uniqueName, type PlacementChain } from './factories';
import { signIn } from './helpers';

/** A customer (with a location, department and room) and a logged-in user of it. */
export type CustomerUser = {
  chain: PlacementChain;
  user: typeof users.$inferSelect;
  client: TestClient;
};

/** The clients every API test file gets, logged in once per file. */
export type StandardClients = {
  /** Logged in as an admin. */
  admin: TestClient;
  /** Logged in as a super admin. */
  superAdmin: TestClient;
  /** Logged in as a mechanic. */
  mechanic: TestClient;
  /** A customer user of customer A, which has a placement chain of its own. */
  customerA: CustomerUser;
  /** A customer user of customer B, which has a placement chain of its own. */
  customerB: CustomerUser;
  /** Not logged in, but with a visitor session and its CSRF token: only the login is missing. */
  visitor: TestClient;
};

/**
 * The app of a test file (as createTestApp gives it: app, db, mailer, config, queries, uploadDir),
 * its standard clients, and what the tests do with them.
 */
export type TestContext = TestApp &
  StandardClients & {
    /** A new activated user of `role` and a client logged in as that user (with a CSRF token). */
    signIn(role: Role, overrides?: Partial<typeof users.$inferInsert>): ReturnType<typeof signIn>;
    /**
     * The SQL statements one GET sends, for "no query per row" tests (through the database's
     * query hook, QueryLog): the request must answer 200.
     */
    statementsOf(path: string, client?: TestClient): Promise<string[]>;
    /**
     * "No query per row": the big GET sends as many statements as the small one, and at most
     * `max`. Returns the big one's statements.
     */
    expectConstantStatements(small: string, big: string, max: number): Promise<string[]>;
  };

async function signInStandardClients(t: TestApp): Promise<StandardClients> {
  const customerUser = async (name: string): Promise<CustomerUser> => {
    const chain = await createPlacementChain(t.db, uniqueName(name));
    return { chain, ...(await signIn(t, 'customer', { customerId: chain.customer.id })) };
  };
  const visitor = new TestClient(t.app);
  await visitor.fetchToken();
  return {
    admin: (await signIn(t, 'admin')).client,
    superAdmin: (await signIn(t, 'super_admin')).client,
    mechanic: (await signIn(t, 'mechanic')).client,
    customerA: await customerUser('Klant A'),
    customerB: await customerUser('Klant B'),
    visitor,
  };
}

/**
 * The app of this test file on a fresh database, with the standard clients logged in (an admin,
 * a super admin, a mechanic, a customer user of each of two customers, and a visitor). Call it
 * once at the top of the file: it registers the beforeAll that builds the app and the afterAll
 * that closes it, and fills in the object it returns in that beforeAll, so read its properties
 * inside tests and hooks. `signIn: false` logs in no standard clients (for a file that counts
 * every user or customer).
 */
export function useTestApp(
  options: {
    signIn?: boolean;
    /** Options of the app (createTestApp), read when the app is built (in beforeAll). */
    app?: () => Parameters<typeof createTestApp>[0];
  } = {},
): TestContext {
  const t = {
    signIn: (role, overrides = {}) => signIn(t, role, overrides),
    async statementsOf(path, client = t.admin) {
      const { result, statements } = await t.queries.record(() => client.get(path));
      expect(result.statusCode, result.body).toBe(200);
      return statements;
    },
    async expectConstantStatements(small, big, max) {
      const few = await t.statementsOf(small);
      const many = await t.statementsOf(big);
      const listing = (s: string[]) => s.map((q, i) => `${i + 1}. ${q}`).join('\n');
      expect(many.length, `big:\n${listing(many)}\nsmall:\n${listing(few)}`).toBe(few.length);
      expect(many.length, listing(many)).toBeLessThanOrEqual(max);
      return many;
    },
  } as TestContext;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options.app?.()));
    if (options.signIn !== false) Object.assign(t, await signInStandardClients(t));
  });
  afterAll(() => (t as Partial<TestContext>).close?.());
  return t;
}
