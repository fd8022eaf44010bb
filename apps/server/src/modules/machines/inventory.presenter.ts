import type { DueState, DueType } from '@keurwijzer/shared/compliance';
import { MACHINE_STATUS_LABELS } from '@keurwijzer/shared/machines';
import type { Company } from '../../config';
import type { InventoryRow, MachineSelection } from './machines.repository';
import { dutchDate } from '../../lib/dutch-time';

/** The next due date ("YYYY-MM-DD") and state of a machine per due type it has an interval for. */
export type InventoryDue = Partial<Record<DueType, { dueDate: string; state: DueState }>>;

/** The names of what a selection filters on: null when not found, absent when not filtered on. */
export type SelectionNames = {
  location?: string | null;
  department?: string | null;
  room?: string | null;
  machineType?: string | null;
  brand?: string | null;
};

/** A machine as the inventory export writes it: the list's row and its due dates and states. */
export type InventoryExportRow = InventoryRow & { due: InventoryDue };

/** What the header of an inventory list says besides the machines. */
export type InventoryInfo = {
  company: Company;
  customer: { name: string; customerNumber: string };
  /** "Vestiging: Hoofdkantoor · Status: Actief", or '' without filters. */
  selection: string;
  generatedAt: Date;
  /** The Dutch day the due states are computed against ("YYYY-MM-DD"). */
  today: string;
};

/** "inventaris-K-1001-2026-11-21.xlsx": only safe characters in a file name. */
export function inventoryFileName(customerNumber: string, generatedAt: Date, ext: string): string {
  const [day, month, year] = dutchDate(generatedAt).split('-');
  const number = customerNumber.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'klant';
  return `inventaris-${number}-${year}-${month}-${day}.${ext}`;
}

/**
 * "Vestiging: Hoofdkantoor · Status: Actief" for the export's header: the filters of the
 * selection in the screen's order, a name that was not found (another customer's id) as
 * "onbekend".
 */
export function describeSelection(q: MachineSelection, names: SelectionNames): string {
  const name = (n: string | null | undefined) => n ?? 'onbekend';
  const parts: string[] = [];
  if (q.location_id) parts.push(`Vestiging: ${name(names.location)}`);
  if (q.department_id) parts.push(`Afdeling: ${name(names.department)}`);
  if (q.room_id) parts.push(`Ruimte: ${name(names.room)}`);
  if (q.machine_type_id) parts.push(`Machinetype: ${name(names.machineType)}`);
  if (q.brand_id) parts.push(`Merk: ${name(names.brand)}`);
  if (q.status) parts.push(`Status: ${MACHINE_STATUS_LABELS[q.status]}`);
  if (q.archived) parts.push('Gearchiveerde machines');
  if (q.search) parts.push(`Zoekterm: "${q.search}"`);
  return parts.join(' · ');
}
