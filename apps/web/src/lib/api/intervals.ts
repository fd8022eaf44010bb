import { useQuery } from '@tanstack/react-query';
import type { MachineDue } from '@keurwijzer/shared/compliance';
import type {
  CustomerIntervalRow,
  CustomerIntervalsFormValues,
  IntervalSet,
  IntervalSetFormValues,
  MachineIntervals,
} from '@keurwijzer/shared/intervals';
import { apiGet, apiSend } from '../api-client';
import { useChange } from '../query-client';

/*
 * Intervals (packages/shared/src/intervals.ts). The queries are keyed under the resource they
 * belong to, so a save refreshes them and what shows their effect (a machine's due state):
 * a machine type's under 'machine-types', a customer's under 'customers', a machine's under
 * 'machines' (each of which refreshes 'machines').
 */

const typePath = (id: number) => `/api/machine-types/${id}/intervals`;
const customerPath = (customerId: number) => `/api/customers/${customerId}/intervals`;
const machinePath = (customerId: number, id: number) => `/api/customers/${customerId}/machines/${id}/intervals`;

/** GET /api/machine-types/:id/intervals (disabled for a new machine type). */
export const useMachineTypeIntervals = (id: number | undefined) =>
  useQuery({
    queryKey: ['machine-types', 'intervals', id ?? 0],
    queryFn: async () => (await apiGet<IntervalSet>(typePath(id!))).data,
    enabled: id !== undefined,
  });

/** PUT /api/machine-types/:id/intervals. */
export const useSaveMachineTypeIntervals = () =>
  useChange('machine-types', ({ id, values }: { id: number; values: IntervalSetFormValues }) =>
    apiSend<IntervalSet>(typePath(id), values, 'PUT'),
  );

/** GET /api/customers/:customerId/intervals: the machine types of its machines, defaults and overrides. */
export const useCustomerIntervals = (customerId: number) =>
  useQuery({
    queryKey: ['customers', 'intervals', customerId],
    queryFn: async () => (await apiGet<CustomerIntervalRow[]>(customerPath(customerId))).data,
  });

/** PUT /api/customers/:customerId/intervals. */
export const useSaveCustomerIntervals = (customerId: number) =>
  useChange('customers', (values: CustomerIntervalsFormValues) =>
    // Form fields cannot nest: the rows go as one JSON text field (the schema reads both).
    apiSend<CustomerIntervalRow[]>(customerPath(customerId), { intervals: JSON.stringify(values.intervals) }, 'PUT'),
  );

/** GET /api/customers/:customerId/machines/:id/intervals (disabled for a new machine). */
export const useMachineIntervals = (customerId: number, id: number | undefined) =>
  useQuery({
    queryKey: ['machines', 'intervals', customerId, id ?? 0],
    queryFn: async () => (await apiGet<MachineIntervals>(machinePath(customerId, id!))).data,
    enabled: id !== undefined,
  });

/** PUT /api/customers/:customerId/machines/:id/intervals. */
export const saveMachineIntervals = (customerId: number, id: number, values: IntervalSetFormValues) =>
  apiSend<MachineIntervals>(machinePath(customerId, id), values, 'PUT');

/** GET /api/customers/:customerId/machines/:id/due: the machine's due state per type. */
export const useMachineDue = (customerId: number, id: number) =>
  useQuery({
    queryKey: ['machines', 'due', customerId, id],
    queryFn: async () => (await apiGet<MachineDue[]>(`/api/customers/${customerId}/machines/${id}/due`)).data,
  });
