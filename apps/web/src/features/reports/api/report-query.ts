import type { ReportDetail } from '@keurwijzer/shared/reports';
import { apiGet } from '../../../lib/api-client';

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

/** GET /api/reports/:id: the report with its machine, categories, questions and answers. */
export const getReport = async (id: number) => (await apiGet<ReportDetail>(`/api/reports/${id}`)).data;
