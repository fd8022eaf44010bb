import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import { APPROVE_CONFIRMATION, type Machine } from '@keurwijzer/shared/machines';
import { useDataTableQuery } from '../../../components/table/use-data-table-query';
import { RowAction } from '../../../components/table/row-action';
import { useConfirmedAction } from '../../../components/feedback/use-confirmed-action';
import { formatDate } from '../../../lib/format';
import { conceptMachinesResource, useApproveMachine } from '../../../lib/api/machines';
import { machineNameColumn, machinePlaceColumn } from '../../../components/machine/machine-columns';
import { ListPage } from '../../../components/table/list-page';

/** admin/machine-concept: machines mechanics added in the field, waiting for approval. */
export default function MachineConcept() {
  const table = useDataTableQuery({
    useList: conceptMachinesResource.useList,
    defaults: { sortKey: 'created_at', sortOrder: 'desc' },
  });
  const approve = useApproveMachine();
  const run = useConfirmedAction();
  const onApprove = (m: Machine) =>
    run({ title: 'Machine goedkeuren', message: APPROVE_CONFIRMATION, confirmLabel: 'Goedkeuren' }, () =>
      approve.mutateAsync(m.id),
    );

  return (
    <ListPage<Machine>
      title="Conceptmachines"
      {...table}
      rowKey={(m) => m.id}
      searchLabel="Zoeken op naam, inventaris- of fabrieksnummer"
      columns={[
        // On a phone the inventory number (its column hidden) shows under the name.
        { ...machineNameColumn, link: (m) => ({ to: `/admin/customers/${m.customer_id}/machines/${m.id}/edit` }) },
        {
          key: 'customer',
          label: 'Klant',
          // Less of the room than the place: customer names are shorter.
          truncate: { text: (m) => m.customer_name, share: 0.6 },
          render: (m) => m.customer_name,
        },
        {
          key: 'inventory_number',
          label: 'Inventarisnr.',
          sortable: true,
          hideBelow: 'sm',
          render: (m) => m.inventory_number,
        },
        machinePlaceColumn,
        {
          key: 'created_at',
          label: 'Toegevoegd',
          sortable: true,
          hideBelow: 'lg',
          render: (m) => formatDate(m.created_at),
        },
      ]}
      actions={(m) => (
        <RowAction label="Goedkeuren" icon={<CheckIcon />} color="primary" onClick={() => void onApprove(m)} />
      )}
    />
  );
}
