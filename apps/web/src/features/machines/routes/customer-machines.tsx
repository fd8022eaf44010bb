import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import MoveIcon from '@mui/icons-material/DriveFileMoveOutlined';
import RestoreIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import { MACHINE_STATUSES, MACHINE_STATUS_LABELS, type Machine } from '@keurwijzer/shared/machines';
import { CrudListPage } from '../../../components/crud-list-page';
import { RowAction } from '../../../components/row-action';
import { useConfirmedAction } from '../../../components/use-confirmed-action';
import { formatPrice } from '../../../lib/format';
import { machineTypesResource } from '../../machine-types/api/machine-types';
import { locationsResource } from '../../locations/api/locations';
import { usePlacementCrumbs } from '../../locations/components/use-placement-crumbs';
import { machinesResource, useArchiveMachine } from '../api/machines';
import { MachineStatusChip } from '../components/machine-status';
import { MoveDialog } from '../components/move-dialog';
import { ALL_ITEMS } from '../components/placement-fields';

/** A filter select kept in the URL. */
function Filter({
  name,
  label,
  options,
}: {
  name: string;
  label: string;
  options: { value: string | number; label: string }[];
}) {
  const [params, setParams] = useSearchParams();
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      sx={{ minWidth: 170 }}
      label={label}
      value={params.get(name) ?? ''}
      onChange={(e) =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            if (e.target.value) next.set(name, String(e.target.value));
            else next.delete(name);
            next.delete('page');
            return next;
          },
          { replace: true },
        )
      }
    >
      <MenuItem value="">Alle</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={String(o.value)}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** admin/customers/{id}/machines: filters, search, move, archive and restore. */
export default function CustomerMachines() {
  const customerId = Number(useParams().id);
  const [params] = useSearchParams();
  const crumbs = usePlacementCrumbs({ customerId });
  const locations = locationsResource.useList(ALL_ITEMS, customerId).data?.data ?? [];
  const machineTypes = machineTypesResource.useList(ALL_ITEMS).data?.data ?? [];
  const archive = useArchiveMachine(customerId);
  const run = useConfirmedAction();
  const [moving, setMoving] = useState<Machine | null>(null);
  const base = `/admin/customers/${customerId}/machines`;
  const filterQuery = Object.fromEntries(
    ['location_id', 'machine_type_id', 'status'].map((k) => [k, params.get(k) || undefined]),
  ) as Record<string, string | undefined>;

  const toggleArchive = async (m: Machine) => {
    const archiving = !m.archived_at;
    await run(
      {
        title: archiving ? 'Machine archiveren' : 'Machine herstellen',
        message: archiving
          ? `Weet je zeker dat je ${m.name} (${m.inventory_number}) wilt archiveren? De rapporten blijven bewaard.`
          : `Weet je zeker dat je ${m.name} (${m.inventory_number}) wilt herstellen?`,
        confirmLabel: archiving ? 'Archiveren' : 'Herstellen',
        destructive: archiving,
      },
      () => archive.mutateAsync({ id: m.id, archive: archiving }),
    );
  };

  return (
    <>
      <CrudListPage<Machine>
        resource={machinesResource}
        parentId={customerId}
        title={`Machines van ${crumbs[1]!.label}`}
        crumbs={crumbs.slice(0, 2)}
        newLabel="Nieuwe machine"
        newTo={`${base}/create`}
        noun="machine"
        describe={(m) => m.name}
        defaultSort="name"
        searchLabel="Zoeken op naam, inventaris- of fabrieksnummer"
        archivable
        filterQuery={filterQuery}
        filters={
          <>
            <Filter
              name="location_id"
              label="Vestiging"
              options={locations.map((l) => ({ value: l.id, label: l.name }))}
            />
            <Filter
              name="machine_type_id"
              label="Machinetype"
              options={machineTypes.map((t) => ({ value: t.id, label: t.name }))}
            />
            <Filter
              name="status"
              label="Status"
              options={MACHINE_STATUSES.map((s) => ({ value: s, label: MACHINE_STATUS_LABELS[s] }))}
            />
          </>
        }
        editTo={(m) => `${base}/${m.id}/edit`}
        hideDelete
        rowActions={(m) => (
          <>
            <RowAction label="Rapporten" icon={<AssignmentIcon />} to={`${base}/${m.id}/reports`} />
            {!m.archived_at && <RowAction label="Verplaatsen" icon={<MoveIcon />} onClick={() => setMoving(m)} />}
            {m.archived_at ? (
              <RowAction label="Herstellen" icon={<RestoreIcon />} onClick={() => void toggleArchive(m)} />
            ) : (
              <RowAction label="Archiveren" icon={<ArchiveIcon />} onClick={() => void toggleArchive(m)} />
            )}
          </>
        )}
        columns={[
          {
            key: 'inventory_number',
            label: 'Inventarisnr.',
            nowrap: true,
            sortable: true,
            hideBelow: 'sm',
            render: (m) => m.inventory_number,
          },
          { key: 'name', label: 'Naam', sortable: true, render: (m) => m.name },
          {
            key: 'place',
            label: 'Plaats',
            hideBelow: 'md',
            render: (m) => [m.location_name, m.department_name, m.room_name].filter(Boolean).join(' > '),
          },
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
          {
            key: 'price',
            label: 'Prijs',
            nowrap: true,
            align: 'right',
            hideBelow: 'lg',
            render: (m) => (m.price_cents === null ? '' : formatPrice(m.price_cents / 100)),
          },
          { key: 'status', label: 'Status', sortable: true, render: (m) => <MachineStatusChip machine={m} /> },
        ]}
      />
      {moving && <MoveDialog machine={moving} onClose={() => setMoving(null)} />}
    </>
  );
}
