import { PageHeader } from '../../../components/layout/page-header';

/** mechanic/tasklists/{id}: plan the machines of a task list (being built). */
export default function TasklistPlan() {
  return <PageHeader title="Takenlijst" />;
}
