import type { Crumb } from './page-header';
import { customersResource } from '../../lib/api/customers';
import { departmentsResource, locationsResource } from '../../lib/api/locations';

/**
 * Breadcrumbs Klanten > customer > location > department: the customer links to the customer
 * screen, a location to its departments, a department to its rooms.
 * Names load on demand ("…" until they are there).
 */
export function usePlacementCrumbs(ids: { customerId: number; locationId?: number; departmentId?: number }): Crumb[] {
  const { customerId, locationId = 0, departmentId = 0 } = ids;
  const customer = customersResource.useItem(customerId).data;
  const location = locationsResource.useItem(locationId, customerId, locationId > 0).data;
  const department = departmentsResource.useItem(departmentId, { customerId, locationId }, departmentId > 0).data;
  const base = `/admin/customers/${customerId}`;
  const crumbs: Crumb[] = [
    { label: 'Klanten', to: '/admin/customers' },
    { label: customer?.name ?? '…', to: `${base}/edit` },
  ];
  if (locationId) crumbs.push({ label: location?.name ?? '…', to: `${base}/locations/${locationId}/departments` });
  if (departmentId) {
    crumbs.push({
      label: department?.name ?? '…',
      to: `${base}/locations/${locationId}/departments/${departmentId}/rooms`,
    });
  }
  return crumbs;
}
