import type { Machine } from '@keurwijzer/shared/machines';
import type { Column } from '../table/data-table';
import { formatCents } from '../../lib/format';
import { machineDueColumn } from './machine-due';
import { MachineNameCell, MachineStatusChip } from './machine-status';

/** "Vestiging > Afdeling > Ruimte" of a machine. */
export const machinePlace = (m: Pick<Machine, 'location_name' | 'department_name' | 'room_name'>) =>
  [m.location_name, m.department_name, m.room_name].filter(Boolean).join(' > ');

/** The machine's name (on phones with its inventory number under it). */
export const machineNameColumn: Column<Machine> = {
  key: 'name',
  label: 'Naam',
  sortable: true,
  truncate: { text: (m) => m.name, maxWidth: 280 },
  render: (m) => <MachineNameCell machine={m} />,
};

/** Where the machine stands. */
export const machinePlaceColumn: Column<Machine> = {
  key: 'place',
  label: 'Plaats',
  hideBelow: 'md',
  truncate: { text: machinePlace },
  render: machinePlace,
};

/** "Machinetype · Merk · Merktype" of a machine. */
export const machineKind = (m: Pick<Machine, 'machine_type_name' | 'brand_name' | 'brand_type_name'>) =>
  [m.machine_type_name, m.brand_name, m.brand_type_name].filter(Boolean).join(' · ');

/**
 * The columns of a machines list (a customer's machines for admins, a customer user's own
 * machines): inventory number, name, place, type and year (from xl), optionally the price,
 * the next due date with its state (`due`, sortable) and status. Every cell stays on one line: the name fits (up to 280 px), place and type share the
 * room that is left, cut off with "…" and the whole text as tooltip.
 */
export function machineColumns({
  price = false,
  due = false,
}: { price?: boolean; due?: boolean } = {}): Column<Machine>[] {
  return [
    {
      key: 'inventory_number',
      label: 'Inventarisnr.',
      nowrap: true,
      sortable: true,
      hideBelow: 'sm',
      render: (m) => m.inventory_number,
    },
    due ? { ...machineNameColumn, render: (m) => <MachineNameCell machine={m} due /> } : machineNameColumn,
    machinePlaceColumn,
    {
      key: 'type',
      label: 'Type',
      // Type and year from 1920 px: below that, the place would be cut off to make room.
      hideBelow: 'xl',
      truncate: { text: machineKind },
      render: machineKind,
    },
    {
      key: 'manufacture_year',
      label: 'Bouwjaar',
      sortable: true,
      hideBelow: 'xl',
      render: (m) => m.manufacture_year ?? '',
    },
    ...(price
      ? [
          {
            key: 'price',
            label: 'Prijs',
            nowrap: true,
            align: 'right',
            hideBelow: 'lg',
            render: (m) => formatCents(m.price_cents),
          } satisfies Column<Machine>,
        ]
      : []),
    // On phones the due chip stands under the name (MachineNameCell) instead.
    ...(due ? [{ ...machineDueColumn<Machine>(), hideBelow: 'sm' } satisfies Column<Machine>] : []),
    { key: 'status', label: 'Status', sortable: true, render: (m) => <MachineStatusChip machine={m} /> },
  ];
}
