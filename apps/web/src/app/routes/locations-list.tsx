import { useState } from 'react';
import { useParams } from 'react-router';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import type { Location } from '@keurwijzer/shared/customers';
import { LABEL_TEXT } from '@keurwijzer/shared/labels';
import { RowAction } from '../../components/table/row-action';
import { KeuringsoverzichtRowAction } from '../../features/certificates/components/keuringsoverzicht-button';
import { LocationLabelsDialog } from '../../features/labels/components/label-download-menu';
import LocationsList from '../../features/locations/routes/locations-list';

/** A customer's locations, each row with its Keuringsoverzicht and its labels (features of their own). */
export default function LocationsListScreen() {
  const customerId = Number(useParams().id);
  // "Labels afdrukken" of a row: the location whose layouts the dialog offers.
  const [labelsFor, setLabelsFor] = useState<Location | null>(null);
  return (
    <LocationsList
      rowActions={(l) => (
        <>
          <KeuringsoverzichtRowAction customerId={customerId} locationId={l.id} locationName={l.name} />
          <RowAction label={`${LABEL_TEXT.labels} ${l.name}`} icon={<QrCodeIcon />} onClick={() => setLabelsFor(l)} />
        </>
      )}
    >
      <LocationLabelsDialog customerId={customerId} location={labelsFor} onClose={() => setLabelsFor(null)} />
    </LocationsList>
  );
}
