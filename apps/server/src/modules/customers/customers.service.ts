import { ACCESS } from '@keurwijzer/shared/permissions';
import { createCrudService } from '../../lib/crud-service';
import { conflict, notFound } from '../../lib/errors';
import { guarded } from '../../lib/guarded-service';
import type { CustomersRepository } from './customers.repository';

/**
 * Customers: the generic CRUD (`crud`, lib/crud-service.ts: reading needs `customers.view`),
 * archive and restore. Every method takes the actor; changes need `customers.manage`.
 */
export function createCustomersService(repo: CustomersRepository) {
  /**
   * One conditional UPDATE, so two clicks at once archive (or restore) once: the second finds
   * nothing to change and answers 409 instead of a second "gearchiveerd" with a new date.
   */
  async function setArchived(id: number, archived: boolean) {
    if (!(await repo.setArchived(id, archived))) {
      if (!(await repo.exists(id))) throw notFound();
      throw conflict(archived ? 'Deze klant is al gearchiveerd.' : 'Deze klant is niet gearchiveerd.');
    }
    return repo.crud.get(id);
  }

  return {
    crud: createCrudService(repo.crud, ACCESS.customers),
    ...guarded(
      {
        archive: (id: number) => setArchived(id, true),
        restore: (id: number) => setArchived(id, false),
      },
      ACCESS.customers,
      [],
    ),
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
