import { useQuery } from '@tanstack/react-query';
import { useChange } from '../query-client';
import type { Machine, MachineFormValues, MachineMove, MoveFormValues } from '@keurwijzer/shared/machines';
import { apiGet, apiSend } from '../api-client';
import { createResource } from '../resource';

/** Machines of a customer: /api/customers/{customerId}/machines. */
export const machinesResource = createResource<Machine, MachineFormValues>(
  'machines',
  (customerId) => `/api/customers/${customerId}/machines`,
);

/** Concept machines of all customers (admin/machine-concept). */
export const conceptMachinesResource = createResource<Machine, never>('machines', () => '/api/machine-concept');

const useMachineAction = <TArgs>(fn: (args: TArgs) => Promise<{ message?: string }>) => useChange('machines', fn);

export const useArchiveMachine = (customerId: number) =>
  useMachineAction(({ id, archive }: { id: number; archive: boolean }) =>
    apiSend<Machine>(`/api/customers/${customerId}/machines/${id}/${archive ? 'archive' : 'restore'}`),
  );

export const useMoveMachine = (customerId: number) =>
  useMachineAction(({ id, input }: { id: number; input: MoveFormValues }) =>
    apiSend<Machine>(`/api/customers/${customerId}/machines/${id}/move`, input),
  );

export const useApproveMachine = () =>
  useMachineAction((id: number) => apiSend<Machine>(`/api/machine-concept/${id}/approve`));

export const useMachineMoves = (customerId: number, id: number) =>
  useQuery({
    queryKey: ['machines', 'moves', customerId, id],
    queryFn: async () => (await apiGet<MachineMove[]>(`/api/customers/${customerId}/machines/${id}/moves`)).data,
  });

/** A customer user's own machines: /api/machines (the customer comes from the session). */
export const ownMachinesResource = createResource<Machine, never>('machines', () => '/api/machines');
