import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor';
import { machinesPolicy } from './machines.policy';

const admin: Actor = { id: 1, role: 'admin', customerId: null };
const superAdmin: Actor = { id: 2, role: 'super_admin', customerId: null };
const mechanic: Actor = { id: 3, role: 'mechanic', customerId: null };
const customerA: Actor = { id: 4, role: 'customer', customerId: 10 };
const unlinked: Actor = { id: 5, role: 'customer', customerId: null };
const refused = expect.objectContaining({ statusCode: 403 });

describe('machines policy', () => {
  it('lets staff read the customer they ask for, or every customer, with archived and concept machines', () => {
    for (const actor of [admin, superAdmin]) {
      expect(machinesPolicy.readScope(actor, 10)).toEqual({ customerId: 10, inUseOnly: false });
      expect(machinesPolicy.readScope(actor, undefined)).toEqual({ customerId: undefined, inUseOnly: false });
    }
  });

  it("gives a customer user its own customer's machines in use, never another customer's", () => {
    expect(machinesPolicy.readScope(customerA)).toEqual({ customerId: 10, inUseOnly: true });
    expect(() => machinesPolicy.readScope(customerA, 11)).toThrow(refused);
    expect(() => machinesPolicy.readScope(customerA, 10)).toThrow(refused);
    expect(() => machinesPolicy.readScope(unlinked)).toThrow(refused);
  });

  it('refuses a mechanic (no customers.view yet) and lets only customers.manage change machines', () => {
    expect(() => machinesPolicy.readScope(mechanic, 10)).toThrow(refused);
    expect(() => machinesPolicy.readScope(mechanic)).toThrow(refused);
    for (const actor of [admin, superAdmin]) expect(() => machinesPolicy.assertWrite(actor)).not.toThrow();
    for (const actor of [mechanic, customerA]) expect(() => machinesPolicy.assertWrite(actor)).toThrow(refused);
  });
});
