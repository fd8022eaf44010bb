import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Malfunction,
  MalfunctionAssignee,
  MalfunctionDetail,
  MalfunctionPlanFormValues,
  MalfunctionPlanOption,
} from '@keurwijzer/shared/malfunctions';
import { apiGet, apiSend, type Page, type Query } from '../../../lib/api-client';
import { useChange } from '../../../lib/query-client';

/*
 * Assignment and planning: the office's assignees, the open task lists a malfunction's
 * machine can go on and "Inplannen"; a user's "Mijn storingen". Every key starts with
 * 'malfunctions', so any change of a malfunction refreshes them.
 */
export const deskPaths = {
  assignees: '/api/malfunctions/assignees',
  planOptions: (id: number) => `/api/malfunctions/${id}/plan-options`,
  plan: (id: number) => `/api/malfunctions/${id}/plan`,
  assigned: '/api/assigned-malfunctions',
  assignedDetail: (id: number) => `/api/assigned-malfunctions/${id}`,
};

export const deskKeys = {
  assignees: ['malfunctions', 'assignees'] as const,
  planOptions: (id: number) => ['malfunctions', 'plan-options', id] as const,
  assigned: (query: Query) => ['malfunctions', 'assigned', 'list', query] as const,
  assignedDetail: (id: number) => ['malfunctions', 'assigned', 'detail', id] as const,
};

/** GET /api/malfunctions/assignees: the active mechanics, admins and super admins. */
export const useAssignees = (enabled = true) =>
  useQuery({
    queryKey: deskKeys.assignees,
    queryFn: async () => (await apiGet<MalfunctionAssignee[]>(deskPaths.assignees)).data,
    staleTime: 60_000,
    enabled,
  });

/** GET /api/malfunctions/:id/plan-options: the open task lists of the machine's location. */
export const usePlanOptions = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: deskKeys.planOptions(id),
    queryFn: async () => (await apiGet<MalfunctionPlanOption[]>(deskPaths.planOptions(id))).data,
    enabled,
  });

/**
 * POST /api/malfunctions/:id/plan: "Machine is ingepland". Refreshes the malfunctions and the task
 * lists (a new list, or a machine more on one).
 */
export function usePlanMalfunction(id: number) {
  const queryClient = useQueryClient();
  return useChange('malfunctions', async (input: MalfunctionPlanFormValues) => {
    const res = await apiSend<MalfunctionDetail>(deskPaths.plan(id), input as Record<string, unknown>);
    void queryClient.invalidateQueries({ queryKey: ['tasklists'] });
    void queryClient.invalidateQueries({ queryKey: ['reports'] });
    return res;
  });
}

/** GET /api/assigned-malfunctions: a page of the user's "Mijn storingen". */
export function useAssignedMalfunctions(query: Query) {
  return useQuery({
    queryKey: deskKeys.assigned(query),
    queryFn: async (): Promise<Page<Malfunction>> => {
      const res = await apiGet<Malfunction[]>(deskPaths.assigned, query);
      return { data: res.data, meta: res.meta! };
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /api/assigned-malfunctions/:id: one of them, with its timeline. */
export const assignedMalfunctionQuery = (id: number) => ({
  queryKey: deskKeys.assignedDetail(id),
  queryFn: async () => (await apiGet<MalfunctionDetail>(deskPaths.assignedDetail(id))).data,
});
export const useAssignedMalfunction = (id: number) => useQuery(assignedMalfunctionQuery(id));
