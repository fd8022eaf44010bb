import { PageHeader } from '../../../components/layout/page-header';

/** machines/{id}/reports: a customer's machine reports (being built). */
export default function OwnMachineReports() {
  return <PageHeader title="Rapporten" />;
}
