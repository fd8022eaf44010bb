import { useQuery } from '@tanstack/react-query';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import type { MalfunctionFormValues, OwnMalfunction } from '@keurwijzer/shared/malfunctions';
import type { OwnMachine, OwnMachineDetail } from '@keurwijzer/shared/portal';
import type { MachineReport, ReportDetail } from '@keurwijzer/shared/reports';
import { apiGet, apiSend } from '../api-client';
import { useChange } from '../query-client';
import { createResource } from '../resource';

/** The customer portal's endpoints (packages/shared/src/portal.ts and malfunctions.ts). */
export const portalPaths = {
  machine: (id: number) => `/api/machines/${id}`,
  reports: (id: number) => `/api/machines/${id}/reports`,
  report: (id: number, reportId: number) => `/api/machines/${id}/reports/${reportId}`,
  pdf: (id: number, reportId: number) => `/api/machines/${id}/reports/${reportId}/pdf`,
  malfunctions: (id: number) => `/api/machines/${id}/malfunctions`,
};

/** A customer user's own machines in use (/api/machines): the list with its latest report dates and open malfunctions. */
export const ownMachineResource = createResource<OwnMachine, never>('machines', () => '/api/machines');

/** GET /api/machines/:id: the machine with its images, latest report per type and malfunctions. */
export const ownMachineQuery = (id: number) => ({
  queryKey: ['machines', 'own', id] as const,
  queryFn: async () => (await apiGet<OwnMachineDetail>(portalPaths.machine(id))).data,
});
export const useOwnMachine = (id: number) => useQuery(ownMachineQuery(id));

/** GET /api/machines/:id/reports: its submitted reports, newest first, optionally of one type. */
export const useOwnMachineReports = (id: number, type?: InspectionType) =>
  useQuery({
    queryKey: ['reports', 'own-machine', id, type ?? null] as const,
    queryFn: async () => (await apiGet<MachineReport[]>(portalPaths.reports(id), { inspection_type: type })).data,
  });

/** GET /api/machines/:id/reports/:reportId: one submitted report, read-only. */
export const ownReportQuery = (id: number, reportId: number) => ({
  queryKey: ['reports', 'own', id, reportId] as const,
  queryFn: async () => (await apiGet<ReportDetail>(portalPaths.report(id, reportId))).data,
});
export const useOwnReport = (id: number, reportId: number) => useQuery(ownReportQuery(id, reportId));

/**
 * "Mijn storingen": GET /api/own-malfunctions, a page of the customer's malfunctions. Its queries
 * are keyed under the parent 'own' (pass it as the list's parentId), apart from the office's list.
 */
export const ownMalfunctionsResource = createResource<OwnMalfunction, never, 'own'>(
  'malfunctions',
  () => '/api/own-malfunctions',
);

/** What the report dialog sends: the form's values and the chosen photos (repeated `photos` parts). */
export type MalfunctionReport = MalfunctionFormValues & { photos: File[] };

/**
 * "Storing melden": POST /api/machines/:id/malfunctions as multipart (the urgency and "Bereikbaar
 * op") -> 201 OwnMalfunction, "Storing gemeld".
 */
export const useReportMalfunction = (machineId: number) =>
  useChange('malfunctions', ({ description, remark, urgency, contact_phone, photos }: MalfunctionReport) =>
    apiSend<OwnMalfunction>(portalPaths.malfunctions(machineId), {
      description,
      remark,
      urgency,
      contact_phone,
      photos,
    }),
  );
