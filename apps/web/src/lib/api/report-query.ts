import { replaceEqualDeep } from '@tanstack/react-query';
import type { ReportDetail } from '@keurwijzer/shared/reports';
import { apiGet } from '../api-client';

/*
 * The report's query on its own: the router fetches a report screen's data as soon as the session
 * allows it, at the same time as the screen's code, and so imports this small module statically
 * (reports.ts, with the rest of the report endpoints, is loaded with the screen).
 */

export const reportKeys = {
  detail: (id: number) => ['reports', 'detail', id] as const,
  completed: (query: unknown) => ['reports', 'completed', query] as const,
  machine: (customerId: number, machineId: number) => ['reports', 'machine', customerId, machineId] as const,
  latest: (customerId: number, machineId: number) => ['reports', 'latest', customerId, machineId] as const,
};

/** When the server made each report read (its Date header): a copy kept offline is older. */
const served = new WeakMap<ReportDetail, number>();
export const servedAtOf = (report: ReportDetail): number | undefined => served.get(report);

/** GET /api/reports/:id: the report with its machine, categories, questions and answers. */
export async function getReport(id: number): Promise<ReportDetail> {
  const { data, servedAt } = await apiGet<ReportDetail>(`/api/reports/${id}`);
  if (servedAt !== undefined) served.set(data, servedAt);
  return data;
}

/**
 * The report's query (the router's prefetch and the screen). Unchanged parts keep their objects,
 * so the question cards skip a render; the read's time goes with the data it gives.
 */
export const reportQuery = (id: number) => ({
  queryKey: reportKeys.detail(id),
  queryFn: () => getReport(id),
  structuralSharing: (old: unknown, next: unknown) => {
    const shared = replaceEqualDeep(old, next);
    const at = served.get(next as ReportDetail);
    if (at !== undefined && shared && typeof shared === 'object') served.set(shared as ReportDetail, at);
    return shared;
  },
});
