import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AuditEvent } from '@keurwijzer/shared/audit';
import { apiGet, type Page, type Query } from '../api-client';

/** The audit trail's endpoints (packages/shared/src/audit.ts). */
export const auditPaths = {
  list: '/api/audit',
  export: '/api/audit/export',
  machine: (customerId: number, machineId: number) => `/api/customers/${customerId}/machines/${machineId}/history`,
  report: (reportId: number) => `/api/reports/${reportId}/history`,
};

/** GET /api/audit: a page of the whole trail (super admins), with the list's filters. */
export function useAuditTrail(query: Query) {
  return useQuery({
    queryKey: ['audit', 'list', query],
    queryFn: async (): Promise<Page<AuditEvent>> => {
      const res = await apiGet<AuditEvent[]>(auditPaths.list, query);
      return { data: res.data, meta: res.meta! };
    },
    placeholderData: keepPreviousData,
  });
}

const HISTORY_PAGE = 10;

/**
 * A record's history, newest first, 10 events at a time ("Meer tonen" loads the next ones). Its
 * key starts with the record's own family, so a change there (a move, a correction) refreshes it.
 */
export function useHistory(family: 'machines' | 'reports', path: string) {
  return useInfiniteQuery({
    queryKey: [family, 'history', path],
    initialPageParam: 1,
    queryFn: async ({ pageParam }): Promise<Page<AuditEvent>> => {
      const res = await apiGet<AuditEvent[]>(path, { page: pageParam, itemsPerPage: HISTORY_PAGE });
      return { data: res.data, meta: res.meta! };
    },
    getNextPageParam: (last) => (last.meta.page < last.meta.lastPage ? last.meta.page + 1 : undefined),
  });
}
