import { PageHeader } from '../../../components/layout/page-header';

/** machines/{id}/reports/{reportId}: one submitted report (being built). */
export default function OwnMachineReport() {
  return <PageHeader title="Rapport" />;
}
