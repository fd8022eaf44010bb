import { useNavigate } from 'react-router';
import { TasklistInputSchema, type TasklistDetail, type TasklistFormValues } from '@keurwijzer/shared/tasklists';
import { useNotify } from '../../../components/feedback/notifications';
import { FormPage } from '../../../components/form/form-page';
import { useZodForm } from '../../../components/form/use-zod-form';
import { tasklistsResource } from '../api/tasklists';
import { TasklistFields } from '../components/tasklist-fields';
import { today } from '../components/tasklist-status';

const TITLE = 'Nieuwe takenlijst';

/**
 * tasklists/create: customer, then one of its locations, type, planned date (today) and remarks.
 * Saved, the list opens on its plan screen (admins plan there too).
 */
export default function TasklistCreate() {
  const navigate = useNavigate();
  const notify = useNotify();
  const create = tasklistsResource.useCreate();
  const form = useZodForm(TasklistInputSchema, {
    customer_id: '',
    location_id: '',
    planned_date: today(),
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
    </FormPage>
  );
}
