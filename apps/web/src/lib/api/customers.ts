import { useQuery } from '@tanstack/react-query';
import { useChange } from '../query-client';
import type { Customer, CustomerFormValues, CustomerOption } from '@keurwijzer/shared/customers';
import { apiGet, apiSend } from '../api-client';
import { createResource } from '../resource';

export const customersResource = createResource<Customer, CustomerFormValues>('customers', () => '/api/customers');

/** Customers to choose from, searched on the server (name or number). */
export function useCustomerOptions(search: string) {
  return useQuery({
    queryKey: ['customers', 'options', search],
    queryFn: async (): Promise<CustomerOption[]> =>
      (
        await apiGet<CustomerOption[]>('/api/customers', {
          search: search || undefined,
          itemsPerPage: 20,
          sortKey: 'name',
        })
      ).data,
    staleTime: 60_000,
  });
}

/** Archive or restore a customer (POST /api/customers/{id}/archive | restore). */
export function useCustomerArchive() {
  return useChange('customers', ({ id, archive }: { id: number; archive: boolean }) =>
    apiSend<Customer>(`/api/customers/${id}/${archive ? 'archive' : 'restore'}`),
  );
}
