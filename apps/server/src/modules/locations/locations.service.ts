import { ACCESS } from '@keurwijzer/shared/permissions';
import { createCrudService, type PathIds } from '../../lib/crud-service';
import type { LocationsRepository } from './locations.repository';

/**
 * Locations, departments and rooms of a customer: the generic CRUD services with the customers
 * permissions. Every call checks the whole chain in its path first (a location of another
 * customer, or a department of another location, is 404).
 */
export function createLocationsService(repo: LocationsRepository) {
  const customerExists = ({ customerId }: PathIds) => repo.customerExists(customerId!);
  const locationExists = ({ customerId, locationId }: PathIds) => repo.locationExists(customerId!, locationId!);
  const departmentExists = async (ids: PathIds) =>
    (await locationExists(ids)) && repo.departmentExists(ids.locationId!, ids.departmentId!);

  return {
    locations: createCrudService(repo.locations, ACCESS.customers, {
      parent: { key: 'customerId', exists: customerExists },
    }),
    departments: createCrudService(repo.departments, ACCESS.customers, {
      parent: { key: 'locationId', exists: locationExists },
    }),
    rooms: createCrudService(repo.rooms, ACCESS.customers, {
      parent: { key: 'departmentId', exists: departmentExists },
    }),
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
