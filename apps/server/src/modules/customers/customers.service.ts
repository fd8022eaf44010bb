import { ACCESS } from '@keurwijzer/shared/permissions';
import { accessPolicy, type Actor } from '../../lib/actor';
import { createCrudService } from '../../lib/crud-service';
import { conflict, notFound } from '../../lib/errors';
import type { CustomersRepository } from './customers.repository';

/**
 * What customers need of the sessions (the auth module's store), passed in by the composition
 * root: archiving a customer ends the sessions of its users.
 */
export type CustomerSessions = { destroyForCustomer(customerId: number): Promise<void> };

/**
 * Customers: the generic CRUD (`crud`, lib/crud-service.ts: reading needs `customers.view`),
 * archive and restore. Every method takes the actor; changes need `customers.manage`.
 * Archiving ends the sessions of the customer's users and blocks their login (the session lookup
 * and the login treat them as archived) until the customer is restored (docs/decisions.md).
 */
export function createCustomersService(repo: CustomersRepository, sessions: CustomerSessions) {
  const policy = accessPolicy(ACCESS.customers);

  /**
   * One conditional UPDATE, so two clicks at once archive (or restore) once: the second finds
   * nothing to change and answers 409 instead of a second "gearchiveerd" with a new date.
   */
  async function setArchived(id: number, archived: boolean) {
    if (!(await repo.setArchived(id, archived))) {
      if (!(await repo.exists(id))) throw notFound();
      throw conflict(archived ? 'Deze klant is al gearchiveerd.' : 'Deze klant is niet gearchiveerd.');
    }
    if (archived) await sessions.destroyForCustomer(id);
    return repo.crud.get(id);
  }

  return {
    crud: createCrudService(repo.crud, ACCESS.customers),
    async archive(actor: Actor, id: number) {
      policy.assertWrite(actor);
      return setArchived(id, true);
    },
    async restore(actor: Actor, id: number) {
      policy.assertWrite(actor);
      return setArchived(id, false);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
