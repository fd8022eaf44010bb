import { useParams } from 'react-router';
import type { Room } from '@keurwijzer/shared/customers';
import { CrudListPage } from '../../../components/table/crud-list-page';
import { roomsResource } from '../../../lib/api/locations';
import { usePlacementCrumbs } from '../../../components/layout/use-placement-crumbs';

/** admin/customers/{id}/locations/{locationId}/departments/{departmentId}/rooms */
export default function RoomsList() {
  const params = useParams();
  const ref = {
    customerId: Number(params.id),
    locationId: Number(params.locationId),
    departmentId: Number(params.departmentId),
  };
  const crumbs = usePlacementCrumbs(ref);
  const base = `/admin/customers/${ref.customerId}/locations/${ref.locationId}/departments/${ref.departmentId}/rooms`;
  return (
    <CrudListPage<Room, typeof ref>
      resource={roomsResource}
      parentId={ref}
      title={`Ruimtes van ${crumbs.at(-1)!.label}`}
      crumbs={crumbs}
      newLabel="Nieuwe ruimte"
      base={base}
      noun="ruimte"
      columns={[{ key: 'name', label: 'Naam', sortable: true, render: (r) => r.name }]}
    />
  );
}
