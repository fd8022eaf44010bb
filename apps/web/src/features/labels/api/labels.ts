import type {
  LabelLayout,
  LabelPlanResult,
  LabelTargetResult,
  PublicLabel,
  PublicMalfunctionFormValues,
} from '@keurwijzer/shared/labels';
import { apiGet, apiSend } from '../../../lib/api-client';

/** The API paths of the labels (packages/shared/src/labels.ts). */
export const labelPaths = {
  public: (token: string) => `/api/public/labels/${encodeURIComponent(token)}`,
  publicMalfunctions: (token: string) => `/api/public/labels/${encodeURIComponent(token)}/malfunctions`,
  target: (token: string) => `/api/labels/${encodeURIComponent(token)}`,
  plan: (token: string) => `/api/labels/${encodeURIComponent(token)}/plan`,
  locationSheet: (customerId: number, locationId: number) =>
    `/api/customers/${customerId}/locations/${locationId}/labels`,
  machineLabel: (customerId: number, machineId: number) => `/api/customers/${customerId}/machines/${machineId}/label`,
  renew: (customerId: number, machineId: number) => `/api/customers/${customerId}/machines/${machineId}/label/renew`,
};

/** The query keys of the label screens (not a resource: nothing else changes them). */
export const labelKeys = {
  public: (token: string) => ['labels', 'public', token] as const,
  target: (token: string) => ['labels', 'target', token] as const,
};

/** GET /api/public/labels/:token: what anyone may see of the machine. */
export const getPublicLabel = async (token: string): Promise<PublicLabel> =>
  (await apiGet<PublicLabel>(labelPaths.public(token))).data;

/** GET /api/labels/:token: where a logged-in user goes. */
export const getLabelTarget = async (token: string): Promise<LabelTargetResult> =>
  (await apiGet<LabelTargetResult>(labelPaths.target(token))).data;

/** POST /api/labels/:token/plan: the machine on today's task list; its new report. */
export const planLabel = async (token: string): Promise<LabelPlanResult> =>
  (await apiSend<LabelPlanResult>(labelPaths.plan(token))).data;

/** POST /api/public/labels/:token/malfunctions (multipart; `photo` optional): the server's thanks. */
export const reportPublicMalfunction = async (
  token: string,
  values: PublicMalfunctionFormValues,
  photo: File | null,
): Promise<string | undefined> =>
  (await apiSend<null>(labelPaths.publicMalfunctions(token), { ...values, ...(photo && { photo }) })).message;

/** The file name a label PDF is saved under when the server names none. */
export const labelFileName = (layout: LabelLayout) => `labels-${layout}.pdf`;
