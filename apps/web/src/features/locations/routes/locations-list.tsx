import { useState } from 'react';
import { useParams } from 'react-router';
import ApartmentIcon from '@mui/icons-material/ApartmentOutlined';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import { formatAddress, type Location } from '@keurwijzer/shared/customers';
import { LABEL_TEXT } from '@keurwijzer/shared/labels';
import { CrudListPage } from '../../../components/table/crud-list-page';
import { RowAction } from '../../../components/table/row-action';
import { LocationLabelsDialog } from '../../labels/components/label-download-menu';
import { KeuringsoverzichtRowAction } from '../../certificates/components/keuringsoverzicht-button';
import { locationsResource } from '../../../lib/api/locations';
import { usePlacementCrumbs } from '../../../components/layout/use-placement-crumbs';

/** admin/customers/{id}/locations */
export default function LocationsList() {
  const customerId = Number(useParams().id);
  const crumbs = usePlacementCrumbs({ customerId });
  const base = `/admin/customers/${customerId}/locations`;
  // "Labels afdrukken" of a row: the location whose layouts the dialog offers.
  const [labelsFor, setLabelsFor] = useState<Location | null>(null);
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
          <KeuringsoverzichtRowAction customerId={customerId} locationId={l.id} locationName={l.name} />
          <RowAction label={`${LABEL_TEXT.labels} ${l.name}`} icon={<QrCodeIcon />} onClick={() => setLabelsFor(l)} />
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
      <LocationLabelsDialog customerId={customerId} location={labelsFor} onClose={() => setLabelsFor(null)} />
    </CrudListPage>
  );
}
