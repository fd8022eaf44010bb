import { describe, expect, it } from 'vitest';
import { ROLES } from '@keurwijzer/shared/permissions';
import { UserSchema, type User } from '@keurwijzer/shared/users';
import { createCustomer, createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { toUser } from './users.presenter';
import { createUsersRepository } from './users.repository';

/**
 * The users list is presented by the database (USER_JSON) and sent as it comes; a single user
 * by toUser. Both must give the same user, field for field, and only the contract's fields.
 */
const t = useTestApp();

const marker = () => `Json${Math.random().toString(36).slice(2, 10)}`;

describe('GET /api/users as JSON from the database', () => {
  it('gives every role the same payload as toUser, and nothing beyond the contract', async () => {
    const m = marker();
    const customer = await createCustomer(t.db, { name: `Lijst "${m}" & Zn. B.V.` });
    const made = [
      ...(await Promise.all(ROLES.map((role) => createUser(t.db, role, { firstName: m, customerId: customer.id })))),
      await createUser(t.db, 'mechanic', {
        firstName: m,
        preposition: 'van der',
        lastName: 'Back\\slash "quote" ë',
        image: 'avatar.png',
        activatedAt: null,
        passwordHash: null,
      }),
      await createUser(t.db, 'admin', { firstName: m, archivedAt: new Date(Date.UTC(2024, 1, 29, 23, 59, 59, 7)) }),
    ];
    const repo = createUsersRepository(t.db);
    const expected = async (id: number) => toUser((await repo.findById(id))!);

    for (const archived of ['0', '1']) {
      const res = await t.admin.get(`/api/users?search=${m}&archived=${archived}&itemsPerPage=100`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json() as { data: User[]; meta: unknown };
      expect(body.meta).toEqual({
        total: archived === '1' ? 1 : made.length - 1,
        page: 1,
        itemsPerPage: 100,
        lastPage: 1,
      });
      for (const user of body.data) {
        expect(UserSchema.strict().parse(user)).toEqual(user);
        expect(user).toEqual(await expected(user.id));
      }
    }
  });

  it('sends an empty page past the last one with the total', async () => {
    const m = marker();
    await createUser(t.db, 'mechanic', { firstName: m });
    const res = await t.admin.get(`/api/users?search=${m}&page=3`);
    expect(res.json()).toEqual({ data: [], meta: { total: 1, page: 3, itemsPerPage: 10, lastPage: 1 } });
  });
});
