import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-test-app';
import { describeCrud } from '../../test/crud-suite';
import { signInRoles, type RoleClients } from '../../test/helpers';
import { createMachineType } from '../../test/master-data';

let t: TestApp;
let clients: RoleClients;
beforeAll(async () => {
  t = await createTestApp();
  clients = await signInRoles(t);
});
afterAll(() => t.close());

describeCrud({
  label: 'Machinetype',
  path: () => '/api/machine-types',
  body: (name) => ({ name }),
  duplicateMessage: 'Er bestaat al een machinetype met deze naam',
  sortKeys: ['name', 'created_at'],
  clients: () => clients,
});

describe('machine types', () => {
  it('answers the fields of the contract and nothing more', async () => {
    const row = await createMachineType(t.db, 'Kolomboormachine');
    const res = await clients.admin.get(`/api/machine-types/${row.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: row.id,
        name: 'Kolomboormachine',
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      },
    });
  });
});
