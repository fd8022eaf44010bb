import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import {
  intervalFormValues,
  IntervalSetInputSchema,
  INTERVALS_TEXT,
  type IntervalSet,
} from '@keurwijzer/shared/intervals';
import { NamedInputSchema, type MachineType } from '@keurwijzer/shared/master-data';
import { FormPage } from '../../../components/form/form-page';
import { TextFieldElement } from '../../../components/form/form-fields';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useNotify } from '../../../components/feedback/notifications';
import { PageLoader } from '../../../components/feedback/page-loader';
import { errorMessage } from '../../../lib/api-client';
import { useMachineTypeIntervals, useSaveMachineTypeIntervals } from '../../../lib/api/intervals';
import { IntervalFields } from '../../../components/form/interval-fields';
import { machineTypesResource } from '../../../lib/api/machine-types';

/** The name and the three default intervals (months; empty: none) of a machine type. */
const MachineTypeSchema = NamedInputSchema.extend(IntervalSetInputSchema.shape);

const BACK = '/admin/machine-types';
const NEW_TITLE = 'Nieuw machinetype';

/** admin/machine-types/create and admin/machine-types/{id}/edit: the name and its inspection intervals. */
export default function MachineTypeForm() {
  const { id } = useParams();
  const typeId = id ? Number(id) : undefined;
  const item = machineTypesResource.useItem(typeId ?? 0, undefined, typeId !== undefined);
  const intervals = useMachineTypeIntervals(typeId);
  if (typeId === undefined) return <TypeForm id={undefined} item={undefined} intervals={undefined} />;
  if (item.isPending || intervals.isPending) return <PageLoader />;
  if (item.error || intervals.error || !item.data)
    return <Alert severity="error">{errorMessage(item.error ?? intervals.error)}</Alert>;
  return <TypeForm id={typeId} item={item.data} intervals={intervals.data} />;
}

function TypeForm({
  id,
  item,
  intervals,
}: {
  id: number | undefined;
  item: MachineType | undefined;
  intervals: IntervalSet | undefined;
}) {
  const navigate = useNavigate();
  const notify = useNotify();
  const create = machineTypesResource.useCreate();
  const update = machineTypesResource.useUpdate(id ?? 0);
  const saveIntervals = useSaveMachineTypeIntervals();
  const form = useZodForm(MachineTypeSchema, { name: item?.name ?? '', ...intervalFormValues(intervals) });
  const title = item ? `${item.name} wijzigen` : NEW_TITLE;

  return (
    <FormPage
      title={title}
      crumbs={[{ label: 'Machinetypes', to: BACK }, { label: item ? item.name : NEW_TITLE }]}
      form={form}
      cancelTo={BACK}
      draftKey={`${BACK}/${id ?? 'new'}`}
      onSubmit={async ({ name, inspection, maintenance, safety }) => {
        const res = id === undefined ? await create.mutateAsync({ name }) : await update.mutateAsync({ name });
        await saveIntervals.mutateAsync({ id: res.data.id, values: { inspection, maintenance, safety } });
        if (res.message) notify(res.message);
        await navigate(BACK);
      }}
    >
      <Stack spacing={3}>
        <TextFieldElement name="name" control={form.control} label="Naam" required autoFocus />
        <IntervalFields control={form.control} hint={INTERVALS_TEXT.defaultHint} />
      </Stack>
    </FormPage>
  );
}
