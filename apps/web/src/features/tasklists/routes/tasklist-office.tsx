import { PageHeader } from '../../../components/layout/page-header';

/** admin/tasklists/{id}: the task list for the office (being built). */
export default function TasklistOffice() {
  return <PageHeader title="Takenlijst" />;
}
