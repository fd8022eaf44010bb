import { useNavigate } from 'react-router';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import { dutchToday } from '@keurwijzer/shared/format';
import {
  TasklistInputSchema,
  dueCountText,
  type TasklistDetail,
  type TasklistFormValues,
} from '@keurwijzer/shared/tasklists';
import { useNotify } from '../../../components/feedback/notifications';
import { FormPage } from '../../../components/form/form-page';
import { useZodForm } from '../../../components/form/use-zod-form';
import { tasklistsResource, useDueCount } from '../api/tasklists';
import { TasklistFields } from '../components/tasklist-fields';

const TITLE = 'Nieuwe takenlijst';

/**
 * tasklists/create: customer, then one of its locations, type, planned date (today, the Dutch day) and remarks.
 * Saved, the list opens on its plan screen (admins plan there too).
 */
export default function TasklistCreate() {
  const navigate = useNavigate();
  const notify = useNotify();
  const create = tasklistsResource.useCreate();
  const form = useZodForm(TasklistInputSchema, {
    customer_id: '',
    location_id: '',
    planned_date: dutchToday(),
    remarks: '',
  } satisfies Partial<TasklistFormValues>);

  return (
    <FormPage
      title={TITLE}
      crumbs={[{ label: 'Takenlijsten', to: '/' }, { label: TITLE }]}
      form={form}
      cancelTo="/"
      draftKey="/tasklists/new"
      onSubmit={async (values) => {
        const res = await create.mutateAsync(values);
        if (res.message) notify(res.message);
        // The create answers the new list with its (still empty) machines.
        await navigate(`/mechanic/tasklists/${(res.data as TasklistDetail).id}`);
      }}
    >
      <TasklistFields form={form} />
      <DueCount form={form} />
    </FormPage>
  );
}

/**
 * Once customer, location and type are chosen: how many machines of that location are due for
 * the type ("3 machines van deze vestiging zijn verlopen, afgekeurd of binnenkort aan de beurt"),
 * so the planner knows what the plan screen will propose.
 */
function DueCount({ form }: { form: UseFormReturn<TasklistFormValues, unknown, unknown> }) {
  const [locationValue, type] = useWatch({ control: form.control, name: ['location_id', 'inspection_type'] });
  const locationId = Number(locationValue) || null;
  const count = useDueCount(locationId, type ? String(type) : null);
  if (locationId === null || !type || count.data === undefined) return null;
  return (
    <Alert severity={count.data > 0 ? 'info' : 'success'} role="status" data-testid="due-count">
      {dueCountText(count.data)}
    </Alert>
  );
}
