import { useQuery } from '@tanstack/react-query';
import type {
  ConceptMachineFormValues,
  DueCount,
  SkippedMachine,
  PlanningDepartment,
  PlanningOption,
  Tasklist,
  TasklistCandidate,
  TasklistDetail,
  TasklistFormValues,
} from '@keurwijzer/shared/tasklists';
import { apiGet, apiSend, type ApiResult } from '../../../lib/api-client';
import { useChange } from '../../../lib/query-client';
import { createResource } from '../../../lib/resource';

/** Task lists: /api/tasklists (overview, create, edit, delete). */
export const tasklistsResource = createResource<Tasklist, TasklistFormValues>('tasklists', () => '/api/tasklists');

const base = (id: number) => `/api/tasklists/${id}`;

/** GET /api/tasklists/:id: the list with its planned machines and their reports. */
export const tasklistQuery = (id: number) => ({
  queryKey: tasklistsResource.keys.detail(undefined, id),
  queryFn: async () => (await apiGet<TasklistDetail>(base(id))).data,
});

export const useTasklist = (id: number) => useQuery(tasklistQuery(id));

/** The machines at the list's location, plannable or not (and why). */
export const useCandidates = (id: number, enabled = true) =>
  useQuery({
    queryKey: ['tasklists', 'candidates', id],
    queryFn: async () => (await apiGet<TasklistCandidate[]>(`${base(id)}/candidates`)).data,
    enabled,
  });

/** POST /api/tasklists/:id/plan-due: "Alle verlopen inplannen"; answers the machines it could not plan. */
export const usePlanDue = (id: number) =>
  useChange(
    'tasklists',
    async (_: void) =>
      (await apiSend<TasklistDetail>(`${base(id)}/plan-due`, {})) as ApiResult<TasklistDetail> & {
        skipped?: SkippedMachine[];
      },
  );

/** How many machines of a location are due for a type (the create form; none until both are chosen). */
export const useDueCount = (locationId: number | null, type: string | null) =>
  useQuery({
    queryKey: ['tasklists', 'due-count', locationId, type],
    queryFn: async () =>
      (await apiGet<DueCount>('/api/planning/due-count', { location_id: locationId, inspection_type: type })).data
        .count,
    enabled: locationId !== null && !!type,
  });

/** Departments with their rooms at the list's location (the concept machine's place). */
export const usePlaces = (id: number, enabled = true) =>
  useQuery({
    queryKey: ['tasklists', 'places', id],
    queryFn: async () => (await apiGet<PlanningDepartment[]>(`${base(id)}/places`)).data,
    enabled,
    staleTime: 60_000,
  });

/** Active questionnaires of the list's type. */
export const useTasklistQuestionnaires = (id: number, enabled = true) =>
  useQuery({
    queryKey: ['tasklists', 'questionnaires', id],
    queryFn: async () => (await apiGet<PlanningOption[]>(`${base(id)}/questionnaires`)).data,
    enabled,
    staleTime: 60_000,
  });

/** Customers a mechanic may plan for, searched on the server (at most 50, by name). */
export const usePlanningCustomers = (search: string) =>
  useQuery({
    queryKey: ['planning', 'customers', search],
    queryFn: async () =>
      (await apiGet<PlanningOption[]>('/api/planning/customers', { search: search || undefined })).data,
    staleTime: 60_000,
  });

/** The locations of one customer (none until a customer is chosen). */
export const usePlanningLocations = (customerId: number | null) =>
  useQuery({
    queryKey: ['planning', 'locations', customerId],
    queryFn: async () => (await apiGet<PlanningOption[]>(`/api/planning/customers/${customerId}/locations`)).data,
    enabled: customerId !== null,
    staleTime: 60_000,
  });

export const usePlanningMachineTypes = (enabled = true) =>
  useQuery({
    queryKey: ['planning', 'machine-types'],
    queryFn: async () => (await apiGet<PlanningOption[]>('/api/planning/machine-types')).data,
    enabled,
    staleTime: 5 * 60_000,
  });

/** POST /api/tasklists/:id/machines: plans several machines at once. */
export const usePlanMachines = (id: number) =>
  useChange('tasklists', (machineIds: number[]) =>
    apiSend<TasklistDetail>(`${base(id)}/machines`, { machine_ids: machineIds }),
  );

/** DELETE /api/tasklists/:id/machines/:machineId: takes an untouched machine off the list. */
export const useUnplanMachine = (id: number) =>
  useChange('tasklists', (machineId: number) =>
    apiSend<TasklistDetail>(`${base(id)}/machines/${machineId}`, {}, 'DELETE'),
  );

/** POST /api/tasklists/:id/concept-machines: a machine found on site, created and planned at once. */
export const useAddConceptMachine = (id: number) =>
  useChange('tasklists', (input: ConceptMachineFormValues) =>
    apiSend<TasklistDetail>(`${base(id)}/concept-machines`, input),
  );
