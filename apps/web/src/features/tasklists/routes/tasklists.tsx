import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import { EmptyState } from '../../../components/feedback/empty-state';
import { PageHeader } from '../../../components/layout/page-header';

/** Root: the task lists overview (route name tasklists). Task lists arrive with their own work. */
export default function Tasklists() {
  return (
    <>
      <PageHeader title="Takenlijsten" />
      <EmptyState title="Geen takenlijsten" icon={<AssignmentIcon sx={{ fontSize: 48, mb: 1 }} color="disabled" />}>
        Er zijn nog geen takenlijsten. Zodra er takenlijsten zijn gepland, staan ze hier.
      </EmptyState>
    </>
  );
}
