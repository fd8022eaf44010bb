import { PageHeader } from '../../../components/layout/page-header';

/** tasklists/create: a new task list (being built). */
export default function TasklistCreate() {
  return <PageHeader title="Nieuwe takenlijst" />;
}
