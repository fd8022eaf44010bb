import { ACCESS } from '@keurwijzer/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import {
  DepartmentSchema,
  LocationInputSchema,
  LocationListQuerySchema,
  LocationSchema,
  RoomSchema,
} from '@keurwijzer/shared/customers';
import { NamedInputSchema, NamedListQuerySchema } from '@keurwijzer/shared/master-data';
import { registerCrudRoutes } from '../../lib/crud-routes';
import type { LocationsService } from './locations.service';

const access = ACCESS.customers;
const CUSTOMER = '/api/customers/:customerId';
const LOCATION = `${CUSTOMER}/locations/:locationId`;
const DEPARTMENT = `${LOCATION}/departments/:departmentId`;

/**
 * Locations of a customer, departments of a location and rooms of a department. Every call
 * checks the whole chain in the path (a location of another customer is 404), and nothing is
 * deleted that still has something below it (409; also machines placed there).
 */
export const locationsRoutes: FastifyPluginAsync<{ service: LocationsService }> = async (app, { service }) => {
  registerCrudRoutes(app, {
    path: `${CUSTOMER}/locations`,
    label: 'Vestiging',
    access,
    output: LocationSchema,
    input: LocationInputSchema,
    listQuery: LocationListQuerySchema,
    service: service.locations,
  });

  registerCrudRoutes(app, {
    path: `${LOCATION}/departments`,
    label: 'Afdeling',
    access,
    output: DepartmentSchema,
    input: NamedInputSchema,
    listQuery: NamedListQuerySchema,
    service: service.departments,
  });

  registerCrudRoutes(app, {
    path: `${DEPARTMENT}/rooms`,
    label: 'Ruimte',
    access,
    output: RoomSchema,
    input: NamedInputSchema,
    listQuery: NamedListQuerySchema,
    service: service.rooms,
  });
};
