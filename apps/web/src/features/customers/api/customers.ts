import { useQuery } from '@tanstack/react-query';
import type { CustomerOption } from '@keurwijzer/shared/customers';
import { apiGet } from '../../../lib/api-client';

/** Customers to choose from, searched on the server (name or number). */
export function useCustomerOptions(search: string) {
  return useQuery({
    queryKey: ['customers', 'options', search],
    queryFn: async () =>
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
