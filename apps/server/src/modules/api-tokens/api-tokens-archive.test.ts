import { describe, expect, it } from 'vitest';
import { API_TOKEN_TEXT, type ApiToken, type ApiTokenCreated } from '@keurwijzer/shared/api-tokens';
import type { AuditEvent } from '@keurwijzer/shared/audit';
import { TestClient } from '../../test/client';
import { PASSWORD, createPlacementChain, uniqueName } from '../../test/factories';
import { getData } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';

/**
 * Archiving a user, or the user's customer, revokes the user's live API tokens in the archive's
 * transaction: a restore gives back the account, never the tokens. They stay in the user's list
 * as revoked and in the trail; the user makes new ones.
 */
const t = useTestApp();

async function createToken(client: TestClient, name = 'ERP'): Promise<ApiTokenCreated> {
  const res = await client.post('/api/api-tokens', { body: { name, scope: 'read', expires_in_days: '30' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as ApiTokenCreated;
}

/** What a program with `token` gets for the customer's machines. */
const machinesWith = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/machines', headers: { authorization: `Bearer ${token}` } }))
    .statusCode;

/** A customer user of a new customer with a read token that works. */
async function customerUserWithToken() {
  const chain = await createPlacementChain(t.db, uniqueName('Klant tokens'));
  const { user, client } = await t.signIn('customer', { customerId: chain.customer.id });
  const token = await createToken(client);
  expect(await machinesWith(token.token)).toBe(200);
  return { chain, user, token };
}

/** A new session of `email` (archiving ended the old ones). */
async function logInAgain(email: string): Promise<TestClient> {
  const client = new TestClient(t.app);
  const res = await client.login(email, PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  return client;
}

/** The user's token list shows the old token as revoked; a new token works. */
async function expectRevokedAndRenewable(email: string, old: ApiTokenCreated) {
  const client = await logInAgain(email);
  const listed = (await getData<ApiToken[]>(client, '/api/api-tokens')).find((x) => x.id === old.id);
  expect(listed, 'the revoked token stays in the list').toBeDefined();
  expect(listed!.revoked_at).not.toBeNull();
  // Nothing to revoke any more.
  expect((await client.delete(`/api/api-tokens/${old.id}`)).statusCode).toBe(404);
  const fresh = await createToken(client, 'ERP nieuw');
  expect(fresh.revoked_at).toBeNull();
  expect(await machinesWith(fresh.token)).toBe(200);
  expect(await machinesWith(old.token)).toBe(401);
}

describe('archiving revokes API tokens', () => {
  it('archiving a user revokes their live tokens; after the restore the old one stays refused', async () => {
    const { user, token } = await customerUserWithToken();
    const archived = await t.admin.post(`/api/users/${user.id}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(await machinesWith(token.token)).toBe(401);

    const restored = await t.admin.post(`/api/users/${user.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await machinesWith(token.token)).toBe(401);
    await expectRevokedAndRenewable(user.email, token);

    // In the trail: revoked by the admin who archived, with the reason.
    await t.app.afterResponse.settle();
    const trail = await getData<AuditEvent[]>(
      t.superAdmin,
      `/api/audit?itemsPerPage=100&entity=api_token&entity_id=${token.id}`,
    );
    const revoke = trail.find((e) => e.action === 'update' && e.changes.some((c) => c.field === 'revoked_at'));
    expect(revoke, JSON.stringify(trail)).toBeDefined();
    expect(revoke!.changes.find((c) => c.field === 'revoked_reason')?.after_text).toBe('Account gearchiveerd');
  });

  it("a customer administrator's archive of a colleague revokes the colleague's tokens too", async () => {
    const { chain, user, token } = await customerUserWithToken();
    const { client: manager } = await t.signIn('customer', { customerId: chain.customer.id, customerAdmin: true });
    expect((await manager.post(`/api/own-users/${user.id}/archive`)).statusCode).toBe(200);
    expect((await manager.post(`/api/own-users/${user.id}/restore`)).statusCode).toBe(200);
    expect(await machinesWith(token.token)).toBe(401);
    await expectRevokedAndRenewable(user.email, token);
  });

  it("archiving a customer revokes its users' tokens; restoring it lets them log in, not use the old tokens", async () => {
    const { chain, user, token } = await customerUserWithToken();
    // A token its owner revoked stays out of the list (the owner's own choice), archive or not.
    const mine = await logInAgain(user.email);
    const dropped = await createToken(mine, 'Weg');
    expect((await mine.delete(`/api/api-tokens/${dropped.id}`)).json().message).toBe(API_TOKEN_TEXT.revoked);

    expect((await t.admin.post(`/api/customers/${chain.customer.id}/archive`)).statusCode).toBe(200);
    expect(await machinesWith(token.token)).toBe(401);
    expect((await t.admin.post(`/api/customers/${chain.customer.id}/restore`)).statusCode).toBe(200);
    expect(await machinesWith(token.token)).toBe(401);
    await expectRevokedAndRenewable(user.email, token);
    const list = await getData<ApiToken[]>(await logInAgain(user.email), '/api/api-tokens');
    expect(list.map((x) => x.id)).not.toContain(dropped.id);
  });

  it("leaves other users' tokens alone", async () => {
    const a = await customerUserWithToken();
    const b = await customerUserWithToken();
    expect((await t.admin.post(`/api/users/${a.user.id}/archive`)).statusCode).toBe(200);
    expect((await t.admin.post(`/api/customers/${a.chain.customer.id}/archive`)).statusCode).toBe(200);
    expect(await machinesWith(b.token.token)).toBe(200);
  });
});
