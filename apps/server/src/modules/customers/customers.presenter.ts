import type { Customer } from '@keurwijzer/shared/customers';
import type { customers } from '../../db/schema/customers';
import { iso } from '../../lib/presenters';

/** A customer row with the counts of its list page. */
export type CustomerRow = typeof customers.$inferSelect & { locationsCount: number; usersCount: number };

/** The API's customer from its row. */
export const toCustomer = (r: CustomerRow): Customer => ({
  id: r.id,
  name: r.name,
  customer_number: r.customerNumber,
  email: r.email,
  phone: r.phone,
  contact_person: r.contactPerson,
  street: r.street,
  house_number: r.houseNumber,
  addition: r.addition,
  postcode: r.postcode,
  city: r.city,
  archived_at: r.archivedAt ? iso(r.archivedAt) : null,
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
  locations_count: r.locationsCount,
  users_count: r.usersCount,
});
