import { PageHeader } from '../../../components/layout/page-header';

/** admin/completed-reports (being built). */
export default function CompletedReports() {
  return <PageHeader title="Afgeronde rapporten" />;
}
