import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import ApartmentIcon from '@mui/icons-material/ApartmentOutlined';
import { formatAddress, type Location } from '@keurwijzer/shared/customers';
import { CrudListPage } from '../../../components/table/crud-list-page';
import { RowAction } from '../../../components/table/row-action';
import { locationsResource } from '../../../lib/api/locations';
import { usePlacementCrumbs } from '../../../components/layout/use-placement-crumbs';

/**
 * What other features add to the list (app/routes/locations-list.tsx passes them in): row actions
 * before "Afdelingen" (the Keuringsoverzicht, the labels), and what those open (the labels dialog).
 */
export type LocationsListParts = { rowActions: (location: Location) => ReactNode; children: ReactNode };

/** admin/customers/{id}/locations */
export default function LocationsList({ rowActions, children }: LocationsListParts) {
  const customerId = Number(useParams().id);
  const crumbs = usePlacementCrumbs({ customerId });
  const base = `/admin/customers/${customerId}/locations`;
  return (
    <CrudListPage<Location>
      resource={locationsResource}
      parentId={customerId}
      title={`Vestigingen van ${crumbs[1]!.label}`}
      crumbs={[...crumbs, { label: 'Vestigingen' }]}
      newLabel="Nieuwe vestiging"
      base={base}
      noun="vestiging"
      searchLabel="Zoeken op naam, adres of plaats"
      rowActions={(l) => (
        <>
          {rowActions(l)}
          <RowAction label="Afdelingen" icon={<ApartmentIcon />} to={`${base}/${l.id}/departments`} />
        </>
      )}
      columns={[
        { key: 'name', label: 'Naam', sortable: true, render: (l) => l.name },
        { key: 'address', label: 'Adres', hideBelow: 'md', render: (l) => formatAddress(l) },
        { key: 'city', label: 'Plaats', sortable: true, hideBelow: 'sm', render: (l) => l.city },
        {
          key: 'departments_count',
          label: 'Afdelingen',
          align: 'right',
          hideBelow: 'lg',
          render: (l) => l.departments_count,
        },
      ]}
    >
      {children}
    </CrudListPage>
  );
}
