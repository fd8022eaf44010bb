import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/EditCalendarOutlined';
import { roleCan } from '@keurwijzer/shared/permissions';
import { PageLoader } from '../../../components/feedback/page-loader';
import { PageHeader } from '../../../components/layout/page-header';
import { errorMessage } from '../../../lib/api-client';
import type { PrefetchArgs } from '../../../lib/screen';
import { useCurrentUser } from '../../../lib/api/auth';
import { tasklistQuery, useTasklist } from '../api/tasklists';
import { OfficeMachines } from '../components/office-machines';
import { TasklistSummary } from '../components/tasklist-summary';
import { tasklistCrumbs } from '../components/tasklist-status';

/** The list's customer is the heading: fetched before the screen shows (no layout shift). */
export const prefetch = ({ params, queryClient }: PrefetchArgs) =>
  queryClient.ensureQueryData(tasklistQuery(Number(params.id)));

/** admin/tasklists/{id}: the task list for the office, its machines with each report's state. */
export default function TasklistOffice() {
  const id = Number(useParams().id);
  const user = useCurrentUser();
  const { data: t, error, isPending } = useTasklist(id);
  if (isPending) return <PageLoader />;
  if (error || !t) return <Alert severity="error">{errorMessage(error)}</Alert>;
  return (
    <>
      <PageHeader
        title={t.customer_name}
        crumbs={tasklistCrumbs(t)}
        actions={
          roleCan(user.role, 'tasklists.manage') && (
            <Button component={RouterLink} to={`/mechanic/tasklists/${t.id}`} startIcon={<EditIcon />}>
              Inplannen
            </Button>
          )
        }
      />
      <TasklistSummary tasklist={t} />
      <Typography variant="h2" sx={{ mb: 2 }}>
        Machines ({t.machines.length})
      </Typography>
      <OfficeMachines tasklist={t} />
    </>
  );
}
