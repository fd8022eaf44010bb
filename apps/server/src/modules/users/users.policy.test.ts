import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor';
import { usersPolicy } from './users.policy';

const actor = (role: Actor['role']): Actor => ({ id: 1, role, customerId: null });
const FORBIDDEN = expect.objectContaining({ statusCode: 403 });

describe('usersPolicy', () => {
  it('lets admins and super admins read and change accounts, nobody else', () => {
    for (const role of ['admin', 'super_admin'] as const) {
      expect(() => usersPolicy.assertRead(actor(role))).not.toThrow();
      expect(() => usersPolicy.assertWrite(actor(role))).not.toThrow();
    }
    for (const role of ['mechanic', 'customer'] as const) {
      expect(() => usersPolicy.assertRead(actor(role))).toThrow(FORBIDDEN);
      expect(() => usersPolicy.assertWrite(actor(role))).toThrow(FORBIDDEN);
    }
  });

  it("lets only a super admin change a super admin's account", () => {
    const target = (role: Actor['role']) => ({ role, customerId: null });
    expect(() => usersPolicy.assertMayManage(actor('admin'), target('super_admin'))).toThrow(FORBIDDEN);
    expect(() => usersPolicy.assertMayManage(actor('super_admin'), target('super_admin'))).not.toThrow();
    expect(() => usersPolicy.assertMayManage(actor('admin'), target('admin'))).not.toThrow();
  });

  it("lets a customer's own administrator manage only their own customer's customer users", () => {
    const admin: Actor = { id: 2, role: 'customer', customerId: 7, customerAdmin: true };
    const plain: Actor = { id: 3, role: 'customer', customerId: 7, customerAdmin: false };
    const NOT_FOUND = expect.objectContaining({ statusCode: 404 });
    expect(usersPolicy.ownCustomer(admin)).toBe(7);
    expect(() => usersPolicy.ownCustomer(plain)).toThrow(FORBIDDEN);
    expect(() => usersPolicy.assertWriteOwn(admin)).not.toThrow();
    expect(() => usersPolicy.assertWriteOwn(plain)).toThrow(FORBIDDEN);
    expect(() => usersPolicy.assertWrite(admin)).toThrow(FORBIDDEN);
    expect(() => usersPolicy.assertMayManage(admin, { role: 'customer', customerId: 7 })).not.toThrow();
    expect(() => usersPolicy.assertMayManage(admin, { role: 'customer', customerId: 8 })).toThrow(NOT_FOUND);
    expect(() => usersPolicy.assertMayManage(admin, { role: 'admin', customerId: null })).toThrow(NOT_FOUND);
    expect(() => usersPolicy.assertMayManage(plain, { role: 'customer', customerId: 7 })).toThrow(FORBIDDEN);
    const own = { role: 'customer', customer_id: 7, customer_admin: false } as const;
    expect(() => usersPolicy.assertMayCreate(admin, own)).not.toThrow();
    expect(() => usersPolicy.assertMayCreate(admin, { ...own, customer_admin: true })).toThrow(FORBIDDEN);
    expect(() => usersPolicy.assertMayCreate(admin, { ...own, customer_id: 8 })).toThrow(FORBIDDEN);
    expect(() => usersPolicy.assertMayCreate(admin, { ...own, role: 'admin' })).toThrow(FORBIDDEN);
    expect(() => usersPolicy.assertMayCreate(actor('admin'), { ...own, role: 'admin' })).not.toThrow();
  });
});
