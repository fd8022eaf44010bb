import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Role } from '@keurwijzer/shared/permissions';
import type { users } from '../db/schema/users';
import type { Mail } from '../lib/mailer';
import type { TestApp } from './build-test-app';
import { TestClient } from './client';
import { PASSWORD, createUser } from './factories';

let seq = 0;

/** A new activated user of `role` and a client logged in as that user (with a CSRF token). */
export async function signIn(t: TestApp, role: Role, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(t.db, role, overrides);
  const client = new TestClient(t.app);
  const res = await client.login(user.email, PASSWORD);
  expect(res.statusCode, `login as ${role}`).toBe(200);
  return { user, client };
}

/** A valid body for POST/PUT /api/users: a mechanic with a unique e-mail unless overridden. */
export function userBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  seq++;
  return {
    first_name: 'Jan',
    preposition: 'de',
    last_name: `Vries ${seq}`,
    email: `jan.${seq}.${Math.random().toString(36).slice(2, 8)}@example.com`,
    role: 'mechanic',
    ...overrides,
  };
}

/** No hash, salt or password field may ever leave the server. */
export function expectNoSecrets(res: LightMyRequestResponse) {
  expect(res.body).not.toMatch(/password/i);
  expect(res.body).not.toContain('scrypt$');
}

/** The token of the `${APP_URL}/activate/<token>` link in a mail. */
export function activationToken(mail: Mail | undefined, appUrl: string): string {
  expect(mail, 'an invitation mail').toBeDefined();
  const escaped = appUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/activate/([A-Za-z0-9_-]{43,})`).exec(mail!.text);
  expect(match, `activation link in: ${mail!.text}`).not.toBeNull();
  return match![1]!;
}

/** The error envelope of a 4xx answer. */
export function errorsOf(res: LightMyRequestResponse): Record<string, string[]> {
  const body = res.json() as { message: string; errors: Record<string, string[]> };
  expect(typeof body.message).toBe('string');
  return body.errors;
}

export type RoleClients = {
  admin: TestClient;
  superAdmin: TestClient;
  mechanic: TestClient;
  customer: TestClient;
  /** Not logged in, but with a visitor session and its CSRF token: only the login is missing. */
  visitor: TestClient;
};

/** A logged-in client per role and a visitor, for the 401/403 tests of a resource. */
export async function signInRoles(t: TestApp): Promise<RoleClients> {
  const visitor = new TestClient(t.app);
  await visitor.fetchToken();
  return {
    admin: (await signIn(t, 'admin')).client,
    superAdmin: (await signIn(t, 'super_admin')).client,
    mechanic: (await signIn(t, 'mechanic')).client,
    customer: (await signIn(t, 'customer')).client,
    visitor,
  };
}
