import type { Department, Location, LocationFormValues, Room } from '@keurwijzer/shared/customers';
import type { NamedFormValues } from '@keurwijzer/shared/master-data';
import { createResource } from '../resource';

export type LocationRef = { customerId: number; locationId: number };
export type DepartmentRef = LocationRef & { departmentId: number };

export const locationsResource = createResource<Location, LocationFormValues>(
  'locations',
  (customerId) => `/api/customers/${customerId}/locations`,
);

export const departmentsResource = createResource<Department, NamedFormValues, LocationRef>(
  'departments',
  (ref) => `/api/customers/${ref!.customerId}/locations/${ref!.locationId}/departments`,
);

export const roomsResource = createResource<Room, NamedFormValues, DepartmentRef>(
  'rooms',
  (ref) => `/api/customers/${ref!.customerId}/locations/${ref!.locationId}/departments/${ref!.departmentId}/rooms`,
);
