import { useParams } from 'react-router';
import { NamedFormPage } from '../../../components/form/named-form-page';
import { departmentsResource } from '../../../lib/api/locations';
import { usePlacementCrumbs } from '../../../components/layout/use-placement-crumbs';

/** .../locations/{locationId}/departments/create and .../departments/{departmentId}/edit */
export default function DepartmentForm() {
  const params = useParams();
  const ref = { customerId: Number(params.id), locationId: Number(params.locationId) };
  const crumbs = usePlacementCrumbs(ref);
  return (
    <NamedFormPage
      resource={departmentsResource}
      parentId={ref}
      id={params.departmentId ? Number(params.departmentId) : undefined}
      newTitle="Nieuwe afdeling"
      crumbs={crumbs}
      backTo={`/admin/customers/${ref.customerId}/locations/${ref.locationId}/departments`}
    />
  );
}
