import { useParams } from 'react-router';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoomOutlined';
import type { Department } from '@keurwijzer/shared/customers';
import { CrudListPage } from '../../../components/table/crud-list-page';
import { RowAction } from '../../../components/table/row-action';
import { departmentsResource } from '../../../lib/api/locations';
import { usePlacementCrumbs } from '../../../components/layout/use-placement-crumbs';

/** admin/customers/{id}/locations/{locationId}/departments */
export default function DepartmentsList() {
  const params = useParams();
  const ref = { customerId: Number(params.id), locationId: Number(params.locationId) };
  const crumbs = usePlacementCrumbs(ref);
  const base = `/admin/customers/${ref.customerId}/locations/${ref.locationId}/departments`;
  return (
    <CrudListPage<Department, typeof ref>
      resource={departmentsResource}
      parentId={ref}
      title={`Afdelingen van ${crumbs.at(-1)!.label}`}
      crumbs={crumbs}
      newLabel="Nieuwe afdeling"
      base={base}
      noun="afdeling"
      rowActions={(d) => <RowAction label="Ruimtes" icon={<MeetingRoomIcon />} to={`${base}/${d.id}/rooms`} />}
      columns={[
        { key: 'name', label: 'Naam', sortable: true, render: (d) => d.name },
        { key: 'rooms_count', label: 'Ruimtes', align: 'right', render: (d) => d.rooms_count },
      ]}
    />
  );
}
