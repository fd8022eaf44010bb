import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import EventRepeatIcon from '@mui/icons-material/EventRepeatOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturingOutlined';
import RestoreIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import type { Customer } from '@keurwijzer/shared/customers';
import { CrudListPage } from '../../../components/table/crud-list-page';
import { RowAction } from '../../../components/table/row-action';
import { useConfirmedAction } from '../../../components/feedback/use-confirmed-action';
import { customersResource, useCustomerArchive } from '../../../lib/api/customers';

/** admin/customers: search on name, number and city; archive and restore. */
export default function CustomersList() {
  const archive = useCustomerArchive();
  const run = useConfirmedAction();

  const toggleArchive = async (c: Customer) => {
    const archiving = !c.archived_at;
    await run(
      {
        title: archiving ? 'Klant archiveren' : 'Klant herstellen',
        message: archiving
          ? `Weet je zeker dat je ${c.name} wilt archiveren? De klant verdwijnt uit de lijsten; machines en rapporten blijven bewaard.`
          : `Weet je zeker dat je ${c.name} wilt herstellen?`,
        confirmLabel: archiving ? 'Archiveren' : 'Herstellen',
        destructive: archiving,
      },
      () => archive.mutateAsync({ id: c.id, archive: archiving }),
    );
  };

  return (
    <CrudListPage<Customer>
      resource={customersResource}
      title="Klanten"
      newLabel="Nieuwe klant"
      base="/admin/customers"
      noun="klant"
      searchLabel="Zoeken op naam, nummer of plaats"
      archivable
      rowActions={(c) => (
        <>
          <RowAction label="Machines" icon={<PrecisionManufacturingIcon />} to={`/admin/customers/${c.id}/machines`} />
          <RowAction label="Vestigingen" icon={<PlaceIcon />} to={`/admin/customers/${c.id}/locations`} />
          <RowAction label="Keuringsintervallen" icon={<EventRepeatIcon />} to={`/admin/customers/${c.id}/intervals`} />
          {c.archived_at ? (
            <RowAction label="Herstellen" icon={<RestoreIcon />} onClick={() => void toggleArchive(c)} />
          ) : (
            <RowAction label="Archiveren" icon={<ArchiveIcon />} onClick={() => void toggleArchive(c)} />
          )}
        </>
      )}
      columns={[
        {
          key: 'customer_number',
          label: 'Klantnummer',
          sortable: true,
          hideBelow: 'sm',
          render: (c) => c.customer_number,
        },
        { key: 'name', label: 'Naam', sortable: true, render: (c) => c.name },
        { key: 'city', label: 'Plaats', sortable: true, hideBelow: 'md', render: (c) => c.city ?? '' },
        {
          key: 'locations_count',
          label: 'Vestigingen',
          align: 'right',
          hideBelow: 'md',
          render: (c) => c.locations_count,
        },
        { key: 'users_count', label: 'Gebruikers', align: 'right', hideBelow: 'lg', render: (c) => c.users_count },
      ]}
    />
  );
}
