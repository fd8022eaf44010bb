import type { Machine } from '@keurwijzer/shared/machines';
import type { Column } from '../../../components/data-table';
import { formatCents } from '../../../lib/format';
import { MachineNameCell, MachineStatusChip } from './machine-status';

/** "Vestiging > Afdeling > Ruimte" of a machine. */
export const machinePlace = (m: Pick<Machine, 'location_name' | 'department_name' | 'room_name'>) =>
  [m.location_name, m.department_name, m.room_name].filter(Boolean).join(' > ');

/**
 * The columns of a machines list (a customer's machines for admins, a customer user's own
 * machines): inventory number, name, place, type, year, optionally the price, and status.
 */
export function machineColumns({ price = false }: { price?: boolean } = {}): Column<Machine>[] {
  return [
    {
      key: 'inventory_number',
      label: 'Inventarisnr.',
      nowrap: true,
      sortable: true,
      hideBelow: 'sm',
      render: (m) => m.inventory_number,
    },
    { key: 'name', label: 'Naam', sortable: true, render: (m) => <MachineNameCell machine={m} /> },
    { key: 'place', label: 'Plaats', hideBelow: 'md', render: machinePlace },
    {
      key: 'type',
      label: 'Type',
      hideBelow: 'lg',
      render: (m) => [m.machine_type_name, m.brand_name, m.brand_type_name].filter(Boolean).join(' · '),
    },
    {
      key: 'manufacture_year',
      label: 'Bouwjaar',
      sortable: true,
      hideBelow: 'lg',
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
    { key: 'status', label: 'Status', sortable: true, render: (m) => <MachineStatusChip machine={m} /> },
  ];
}
