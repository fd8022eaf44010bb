import { useParams } from 'react-router';
import { NamedFormPage } from '../../../components/form/named-form-page';
import { roomsResource } from '../../../lib/api/locations';
import { usePlacementCrumbs } from '../../../components/layout/use-placement-crumbs';

/** .../departments/{departmentId}/rooms/create and .../rooms/{roomId}/edit */
export default function RoomForm() {
  const params = useParams();
  const ref = {
    customerId: Number(params.id),
    locationId: Number(params.locationId),
    departmentId: Number(params.departmentId),
  };
  const crumbs = usePlacementCrumbs(ref);
  return (
    <NamedFormPage
      resource={roomsResource}
      parentId={ref}
      id={params.roomId ? Number(params.roomId) : undefined}
      newTitle="Nieuwe ruimte"
      crumbs={crumbs}
      backTo={`/admin/customers/${ref.customerId}/locations/${ref.locationId}/departments/${ref.departmentId}/rooms`}
    />
  );
}
