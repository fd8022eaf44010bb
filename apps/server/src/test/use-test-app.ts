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
type StandardClients = {
  admin: TestClient;
  superAdmin: TestClient;
  mechanic: TestClient;
  customerA: CustomerUser;
  customerB: CustomerUser;
  visitor: TestClient;
};

type Options = {
  /** Log in the standard clients (default true); false for a file that counts every user or customer. */
  signIn?: boolean;
};

const NOT_BUILT = 'useTestApp: the app is built in beforeAll; read it inside a test or hook';

/**
 * The test app of one test file (a fresh database) and its logged-in clients. Call once at the
 * top of the file: it registers the beforeAll that builds the app and the afterAll that closes it.
 * The properties are read inside tests and hooks (they throw before the app is built).
 */
export class TestContext {
  private built: TestApp | undefined;
  private clients: StandardClients | undefined;

  constructor(private readonly options: Options) {}

  /** @internal (the hooks of useTestApp) */
  async setUp() {
    this.built = await createTestApp();
    if (this.options.signIn !== false) this.clients = await signInStandardClients(this.built);
  }

  /** @internal */
  async tearDown() {
    await this.built?.close();
  }

  /** The app with its database, mailer, config and query log, as createTestApp gives it. */
  get testApp(): TestApp {
    if (!this.built) throw new Error(NOT_BUILT);
    return this.built;
  }
  get app() {
    return this.testApp.app;
  }
  get db() {
    return this.testApp.db;
  }
  get mailer() {
    return this.testApp.mailer;
  }
  get config() {
    return this.testApp.config;
  }
  get queries() {
    return this.testApp.queries;
  }
  get uploadDir() {
    return this.testApp.uploadDir;
  }

  private get standard(): StandardClients {
    if (!this.clients) throw new Error(this.built ? 'useTestApp({ signIn: false }) logs in no clients' : NOT_BUILT);
    return this.clients;
  }
  /** Logged in as an admin. */
  get admin() {
    return this.standard.admin;
  }
  /** Logged in as a super admin. */
  get superAdmin() {
    return this.standard.superAdmin;
  }
  /** Logged in as a mechanic. */
  get mechanic() {
    return this.standard.mechanic;
  }
  /** A customer user of customer A, which has a placement chain of its own. */
  get customerA() {
    return this.standard.customerA;
  }
  /** A customer user of customer B, which has a placement chain of its own. */
  get customerB() {
    return this.standard.customerB;
  }
  /** Not logged in, but with a visitor session and its CSRF token: only the login is missing. */
  get visitor() {
    return this.standard.visitor;
  }

  /** A new activated user of `role` and a client logged in as that user (with a CSRF token). */
  signIn(role: Role, overrides: Partial<typeof users.$inferInsert> = {}) {
    return signIn(this.testApp, role, overrides);
  }

  /**
   * The SQL statements one GET sends, for "no query per row" tests (through the database's query
   * hook, QueryLog): the request must answer 200.
   */
  async statementsOf(path: string, client: TestClient = this.admin): Promise<string[]> {
    const { result, statements } = await this.queries.record(() => client.get(path));
    expect(result.statusCode, result.body).toBe(200);
    return statements;
  }

  /**
   * "No query per row": the big GET sends as many statements as the small one, and at most
   * `max`. Returns the big one's statements.
   */
  async expectConstantStatements(small: string, big: string, max: number): Promise<string[]> {
    const few = await this.statementsOf(small);
    const many = await this.statementsOf(big);
    const listing = (s: string[]) => s.map((q, i) => `${i + 1}. ${q}`).join('\n');
    expect(many.length, `big:\n${listing(many)}\nsmall:\n${listing(few)}`).toBe(few.length);
    expect(many.length, listing(many)).toBeLessThanOrEqual(max);
    return many;
  }
}

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
 * The app of this test file on a fresh database, with the standard clients logged in: an admin,
 * a super admin, a mechanic, a customer user of each of two customers, and a visitor.
 */
export function useTestApp(options: Options = {}): TestContext {
  const context = new TestContext(options);
  beforeAll(() => context.setUp());
  afterAll(() => context.tearDown());
  return context;
}
