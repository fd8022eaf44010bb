import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Control, DefaultValues, FieldValues } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import { errorMessage } from '../../lib/api-client';
import type { Resource } from '../../lib/resource';
import { FormPage } from './form-page';
import { useNotify } from '../feedback/notifications';
import { PageLoader } from '../feedback/page-loader';
import type { Crumb } from '../layout/page-header';
import { useZodForm, type FormSchema } from './use-zod-form';

type CrudFormPageProps<T, TValues extends FieldValues, TOutput, P = number> = {
  /** Its calls take the form's values (the schema's input), which the server parses. */
  resource: Resource<T, TValues, P>;
  parentId?: P;
  /** Edit this id; undefined creates. */
  id?: number;
  schema: FormSchema<TValues, TOutput>;
  /** Form values: empty for create, from the item for edit. */
  values: (item: T | undefined) => DefaultValues<TValues>;
  title: (item: T | undefined) => string;
  crumbs: (item: T | undefined) => Crumb[];
  /** Where cancel and a successful save go. */
  backTo: string;
  fields: (control: Control<TValues, unknown, TOutput>, item: T | undefined) => ReactNode;
  /** Beside the form (FormPage's aside). */
  aside?: ReactNode;
};

/**
 * The create/edit screen of a master-data resource: loads the item when editing, validates with
 * the shared schema, saves, notifies "X is aangemaakt / gewijzigd" and returns to the list.
 */
export function CrudFormPage<T, TValues extends FieldValues, TOutput, P = number>(
  props: CrudFormPageProps<T, TValues, TOutput, P>,
) {
  if (props.id === undefined) return <CrudForm {...props} item={undefined} />;
  return <CrudEdit {...props} id={props.id} />;
}

function CrudEdit<T, TValues extends FieldValues, TOutput, P>(
  props: CrudFormPageProps<T, TValues, TOutput, P> & { id: number },
) {
  const { data, error, isPending } = props.resource.useItem(props.id, props.parentId);
  if (isPending) return <PageLoader />;
  if (error || !data) return <Alert severity="error">{errorMessage(error)}</Alert>;
  return <CrudForm {...props} item={data} />;
}

function CrudForm<T, TValues extends FieldValues, TOutput, P>(
  props: CrudFormPageProps<T, TValues, TOutput, P> & { item: T | undefined },
) {
  const navigate = useNavigate();
  const notify = useNotify();
  const create = props.resource.useCreate(props.parentId);
  const update = props.resource.useUpdate(props.id ?? 0, props.parentId);
  const form = useZodForm(props.schema, props.values(props.item));

  return (
    <FormPage
      title={props.title(props.item)}
      crumbs={props.crumbs(props.item)}
      form={form}
      cancelTo={props.backTo}
      draftKey={`${props.backTo}/${props.id ?? 'new'}`}
      aside={props.aside}
      onSubmit={async (values) => {
        const res = props.id === undefined ? await create.mutateAsync(values) : await update.mutateAsync(values);
        if (res.message) notify(res.message);
        await navigate(props.backTo);
      }}
    >
      {props.fields(form.control, props.item)}
    </FormPage>
  );
}
