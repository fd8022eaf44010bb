import { describe, expect, it } from 'vitest';
import { ACCESS, ROLES, ROLE_PERMISSIONS } from '@keurwijzer/shared/permissions';
import { can, type Actor } from './actor';
import { guarded } from './guarded-service';

const actor = (role: Actor['role']): Actor => ({ id: 1, role, customerId: role === 'customer' ? 7 : null });

describe('can', () => {
  it('follows the shared permission map for every role and permission', () => {
    for (const role of ROLES)
      for (const permission of ['users.view', 'customers.manage', 'master-data.view', 'own-machines.view'] as const)
        expect(can(actor(role), permission), `${role} ${permission}`).toBe(ROLE_PERMISSIONS[role].includes(permission));
  });
});

describe('guarded service', () => {
  const calls: string[] = [];
  const service = guarded(
    {
      read: (id: number) => (calls.push(`read ${id}`), `item ${id}`),
      change: async (id: number, name: string) => (calls.push(`change ${id} ${name}`), name),
    },
    ACCESS.masterData,
    ['read'],
  );

  it('runs a read with the read permission and a write with the write permission, with the arguments', async () => {
    expect(service.read(actor('admin'), 3)).toBe('item 3');
    expect(await service.change(actor('super_admin'), 4, 'Boor')).toBe('Boor');
    expect(calls).toEqual(['read 3', 'change 4 Boor']);
  });

  it('refuses (403) before the method runs when the actor lacks the permission', () => {
    calls.length = 0;
    for (const role of ['mechanic', 'customer'] as const) {
      expect(() => service.read(actor(role), 1)).toThrow(expect.objectContaining({ statusCode: 403 }));
      expect(() => service.change(actor(role), 1, 'x')).toThrow(expect.objectContaining({ statusCode: 403 }));
    }
    expect(calls).toEqual([]);
  });
});
