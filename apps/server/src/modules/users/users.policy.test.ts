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
    expect(() => usersPolicy.assertMayManage(actor('admin'), { role: 'super_admin' })).toThrow(FORBIDDEN);
    expect(() => usersPolicy.assertMayManage(actor('super_admin'), { role: 'super_admin' })).not.toThrow();
    expect(() => usersPolicy.assertMayManage(actor('admin'), { role: 'admin' })).not.toThrow();
  });
});
