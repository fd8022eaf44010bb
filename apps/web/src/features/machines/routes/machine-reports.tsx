import { useParams } from 'react-router';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import { EmptyState } from '../../../components/feedback/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { usePlacementCrumbs } from '../../locations/components/use-placement-crumbs';
import { machinesResource } from '../api/machines';

/** admin/customers/{id}/machines/{machineId}/reports: empty until reports exist. */
export default function MachineReports() {
  const params = useParams();
  const customerId = Number(params.id);
  const machineId = Number(params.machineId);
  const crumbs = usePlacementCrumbs({ customerId });
  const { data: machine } = machinesResource.useItem(machineId, customerId);
  return (
    <>
      <PageHeader
        title={`Rapporten van ${machine?.name ?? '…'}`}
        crumbs={[
          ...crumbs.slice(0, 2),
          { label: 'Machines', to: `/admin/customers/${customerId}/machines` },
          { label: machine?.name ?? '…' },
        ]}
      />
      <EmptyState title="Nog geen rapporten" icon={<AssignmentIcon sx={{ fontSize: 48, mb: 1 }} color="disabled" />}>
        Voor deze machine zijn nog geen rapporten ingevuld.
      </EmptyState>
    </>
  );
}
