import { describe, expect, it } from 'vitest';
import { ACCESS, ROLES, ROLE_PERMISSIONS } from '@keurwijzer/shared/permissions';
import { accessPolicy, actorOf, assertCan, can, type Actor } from './actor';

/** The one access mechanism of the services: `can`/`assertCan`, and policies built on them. */
const actor = (role: Actor['role']): Actor => ({ id: 1, role, customerId: role === 'customer' ? 7 : null });
const FORBIDDEN = expect.objectContaining({ statusCode: 403 });

describe('can and assertCan', () => {
  it('follow the shared permission map for every role and permission', () => {
    for (const role of ROLES)
      for (const permission of ['users.view', 'customers.manage', 'master-data.view', 'own-machines.view'] as const) {
        const allowed = ROLE_PERMISSIONS[role].includes(permission);
        expect(can(actor(role), permission), `${role} ${permission}`).toBe(allowed);
        if (allowed) expect(() => assertCan(actor(role), permission)).not.toThrow();
        else expect(() => assertCan(actor(role), permission)).toThrow(FORBIDDEN);
      }
  });
});

describe('accessPolicy', () => {
  const policy = accessPolicy(ACCESS.masterData);

  it('lets the read permission read and the write permission write', () => {
    for (const role of ROLES) {
      const reads = ROLE_PERMISSIONS[role].includes(ACCESS.masterData.read);
      const writes = ROLE_PERMISSIONS[role].includes(ACCESS.masterData.write);
      if (reads) expect(() => policy.assertRead(actor(role))).not.toThrow();
      else expect(() => policy.assertRead(actor(role))).toThrow(FORBIDDEN);
      if (writes) expect(() => policy.assertWrite(actor(role))).not.toThrow();
      else expect(() => policy.assertWrite(actor(role))).toThrow(FORBIDDEN);
    }
  });

  it('keeps reading and changing apart: who holds only the read permission reads and does not change', () => {
    const mixed = accessPolicy({ read: 'tasklists.view', write: 'customers.manage' });
    expect(() => mixed.assertRead(actor('mechanic'))).not.toThrow();
    expect(() => mixed.assertWrite(actor('mechanic'))).toThrow(FORBIDDEN);
  });
});

describe('actorOf', () => {
  it('takes the actor from the session user, and answers 401 without one', () => {
    expect(actorOf({ user: { id: 4, role: 'customer', customerId: 9 } as never })).toEqual({
      id: 4,
      role: 'customer',
      customerId: 9,
    });
    expect(() => actorOf({ user: undefined as never })).toThrow(expect.objectContaining({ statusCode: 401 }));
  });
});
