import type { Department, Location, LocationInput, Room } from '@keurwijzer/shared/customers';
import type { NamedInput } from '@keurwijzer/shared/master-data';
import { createResource } from '../../../lib/resource';

export type LocationRef = { customerId: number; locationId: number };
export type DepartmentRef = LocationRef & { departmentId: number };

export const locationsResource = createResource<Location, LocationInput>(
  'locations',
  (customerId) => `/api/customers/${customerId}/locations`,
);

export const departmentsResource = createResource<Department, NamedInput, LocationRef>(
  'departments',
  (ref) => `/api/customers/${ref!.customerId}/locations/${ref!.locationId}/departments`,
);

export const roomsResource = createResource<Room, NamedInput, DepartmentRef>(
  'rooms',
  (ref) => `/api/customers/${ref!.customerId}/locations/${ref!.locationId}/departments/${ref!.departmentId}/rooms`,
);
