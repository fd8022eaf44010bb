import { useQuery } from '@tanstack/react-query';
import type { Followup, FollowupStatus, FollowupTasklist, ReinspectionFormValues } from '@keurwijzer/shared/followups';
import { apiGet, apiSend, type Page } from '../../../lib/api-client';
import { useChange } from '../../../lib/query-client';

/** Follow-ups ("Acties"): /api/followups (packages/shared/src/followups.ts). */
const C = '/api/followups';

export const followupsKey = ['followups'] as const;

/** A page of follow-ups of a status, newest first. */
export const useFollowups = (status: FollowupStatus, page: number) =>
  useQuery({
    queryKey: [...followupsKey, 'list', status, page],
    queryFn: async () => (await apiGet<Followup[]>(C, { status, page, itemsPerPage: 20 })) as Page<Followup>,
    placeholderData: (previous) => previous,
  });

/** The unfinished task lists a re-inspection of this follow-up can go on. */
export const useFollowupTasklists = (id: number) =>
  useQuery({
    queryKey: [...followupsKey, 'tasklists', id],
    queryFn: async () => (await apiGet<FollowupTasklist[]>(`${C}/${id}/tasklists`)).data,
  });

export const useFollowupDone = () =>
  useChange('followups', (args: { id: number; note?: string }) =>
    apiSend<Followup>(`${C}/${args.id}/done`, args.note ? { note: args.note } : {}),
  );

export const useFollowupReopen = () => useChange('followups', (id: number) => apiSend<Followup>(`${C}/${id}/reopen`));

export const useFollowupMalfunction = () =>
  useChange('followups', (id: number) => apiSend<Followup>(`${C}/${id}/malfunction`));

export const useFollowupReinspection = () =>
  useChange('followups', (args: { id: number; values: ReinspectionFormValues }) =>
    apiSend<Followup>(`${C}/${args.id}/reinspection`, args.values),
  );
