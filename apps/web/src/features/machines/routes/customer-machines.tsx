import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import EventRepeatIcon from '@mui/icons-material/EventRepeatOutlined';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import MoveIcon from '@mui/icons-material/DriveFileMoveOutlined';
import RestoreIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import type { Machine } from '@keurwijzer/shared/machines';
import { CrudListPage } from '../../../components/table/crud-list-page';
import { RowAction } from '../../../components/table/row-action';
import { useConfirmedAction } from '../../../components/feedback/use-confirmed-action';
import type { PrefetchArgs } from '../../../lib/screen';
import { customersResource } from '../../../lib/api/customers';
import { usePlacementCrumbs } from '../../../components/layout/use-placement-crumbs';
import { machinesResource, useArchiveMachine } from '../../../lib/api/machines';
import { machineColumns } from '../../../components/machine/machine-columns';
import { MoveDialog } from '../components/move-dialog';
import { InventoryExportButton } from '../../../components/machine/inventory-export-button';
import { MachineFilters, useMachineFilterQuery } from '../components/machine-filters';

/**
 * The customer's name is in the heading, which wraps to three lines on a phone: the router fetches
 * it before the screen shows, so nothing moves down when it arrives (layout shift).
 */
export const prefetch = ({ params, queryClient }: PrefetchArgs) => {
  const id = Number(params.id);
  return queryClient.ensureQueryData({
    queryKey: customersResource.keys.detail(undefined, id),
    queryFn: () => customersResource.api.get(id),
  });
};

/** admin/customers/{id}/machines: filters (due state too), search, sort by due date, move, archive and restore. */
export default function CustomerMachines() {
  const customerId = Number(useParams().id);
  const crumbs = usePlacementCrumbs({ customerId });
  const archive = useArchiveMachine(customerId);
  const run = useConfirmedAction();
  const [moving, setMoving] = useState<Machine | null>(null);
  const base = `/admin/customers/${customerId}/machines`;
  const filterQuery = useMachineFilterQuery();

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
        crumbs={[...crumbs.slice(0, 2), { label: 'Machines' }]}
        newLabel="Nieuwe machine"
        base={base}
        noun="machine"
        searchLabel="Zoeken op naam, inventaris- of fabrieksnummer"
        archivable
        filterQuery={filterQuery}
        filters={<MachineFilters customerId={customerId} />}
        headerActions={
          <>
            <Button
              component={RouterLink}
              to={`/admin/customers/${customerId}/intervals`}
              startIcon={<EventRepeatIcon />}
              variant="outlined"
            >
              Keuringsintervallen
            </Button>
            <InventoryExportButton path={`/api/customers/${customerId}/machines/export`} filters={filterQuery} />
          </>
        }
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
        columns={machineColumns({ price: true, due: true })}
      />
      {moving && <MoveDialog machine={moving} onClose={() => setMoving(null)} />}
    </>
  );
}
