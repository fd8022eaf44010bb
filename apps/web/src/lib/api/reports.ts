import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CompletedReport,
  LatestReports,
  MachineReport,
  ReportDetail,
  ReportSaveFormValues,
  SignatureRole,
  SubmitFormValues,
} from '@keurwijzer/shared/reports';
import { apiGet, apiSend, type Page, type Query } from '../api-client';
import { apiDownload } from '../download';
import { useChange } from '../query-client';
import { getReport, reportKeys, reportQuery } from './report-query';

/** The paths of the report endpoints (packages/shared/src/reports.ts). */
export const reportPaths = {
  report: (id: number) => `/api/reports/${id}`,
  answer: (id: number, questionId: number) => `/api/reports/${id}/answers/${questionId}`,
  category: (id: number, categoryId: number) => `/api/reports/${id}/categories/${categoryId}`,
  submit: (id: number) => `/api/reports/${id}/submit`,
  /** POST (multipart: photo, taken_at): a photo of a question's answer, idempotent per photo id. */
  photos: (id: number, questionId: number, photoId: string) =>
    `/api/reports/${id}/questions/${questionId}/photos/${photoId}`,
  /** GET the image, DELETE it (while the report is open; deleting a missing photo is no error). */
  photo: (id: number, photoId: string) => `/api/reports/${id}/photos/${photoId}`,
  /** POST (multipart: signature PNG, signer_name, signed_at) while open, replacing the role's; GET the image. */
  signature: (id: number, role: SignatureRole) => `/api/reports/${id}/signatures/${role}`,
  pdf: (id: number) => `/api/reports/${id}/pdf`,
  completed: '/api/completed-reports',
  completedExport: '/api/completed-reports/export',
  machine: (customerId: number, machineId: number) => `/api/customers/${customerId}/machines/${machineId}/reports`,
  latest: (customerId: number, machineId: number) =>
    `/api/customers/${customerId}/machines/${machineId}/latest-reports`,
};

export { getReport, reportKeys };

/** GET /api/reports/:id: the report with its machine, categories, questions and answers. */
export const useReport = (id: number) => useQuery(reportQuery(id));

/** GET /api/completed-reports: a page of submitted reports (the list's query and filters). */
export function useCompletedReports(query: Query) {
  return useQuery({
    queryKey: reportKeys.completed(query),
    queryFn: async (): Promise<Page<CompletedReport>> => {
      const res = await apiGet<CompletedReport[]>(reportPaths.completed, query);
      return { data: res.data, meta: res.meta! };
    },
    placeholderData: keepPreviousData,
  });
}

/** A machine's reports, newest first. */
export const useMachineReports = (customerId: number, machineId: number) =>
  useQuery({
    queryKey: reportKeys.machine(customerId, machineId),
    queryFn: async () => (await apiGet<MachineReport[]>(reportPaths.machine(customerId, machineId))).data,
  });

/** The machine's latest submitted report per inspection type. */
export const useLatestReports = (customerId: number, machineId: number) =>
  useQuery({
    queryKey: reportKeys.latest(customerId, machineId),
    queryFn: async () => (await apiGet<LatestReports>(reportPaths.latest(customerId, machineId))).data,
  });

/** "Rapport indienen": saves the report's own fields (PUT /api/reports/:id), "Antwoorden opgeslagen". */
export const useSaveReport = (id: number) =>
  useChange('reports', (input: ReportSaveFormValues) =>
    apiSend<ReportDetail>(reportPaths.report(id), input as Record<string, unknown>, 'PUT'),
  );

/**
 * "Rapport afronden": POST /api/reports/:id/submit, with the mechanic's own verdict and its
 * reason when the derived one is overridden; a 422 names the missing answers (or the reason).
 */
export const useSubmitReport = (id: number) =>
  useChange('reports', (input: SubmitFormValues = {}) =>
    apiSend<ReportDetail>(reportPaths.submit(id), input as Record<string, unknown>),
  );

/** Downloads the report's PDF under the server's file name. */
export const downloadReportPdf = (id: number) => apiDownload(reportPaths.pdf(id), {}, `rapport-${id}.pdf`);
