import { describe, expect, it } from 'vitest';
import { describeCrud } from '../../test/crud-suite';
import { createMachineType } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp();

describeCrud({
  label: 'Machinetype',
  path: () => '/api/machine-types',
  body: (name) => ({ name }),
  duplicateMessage: 'Er bestaat al een machinetype met deze naam',
  sortKeys: ['name', 'created_at'],
  t,
});

describe('machine types', () => {
  it('answers the fields of the contract and nothing more', async () => {
    const row = await createMachineType(t.db, 'Kolomboormachine');
    const res = await t.admin.get(`/api/machine-types/${row.id}`);
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
