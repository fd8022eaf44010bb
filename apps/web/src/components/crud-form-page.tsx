import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useForm, type Control, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import type { z } from 'zod';
import { errorMessage } from '../lib/api-client';
import type { Resource } from '../lib/resource';
import { FormPage } from './form-page';
import { useNotify } from './notifications';
import { PageLoader } from './page-loader';
import type { Crumb } from './page-header';

type CrudFormPageProps<T, TValues extends FieldValues, TInput, P = number> = {
  resource: Resource<T, TInput, P>;
  parentId?: P;
  /** Edit this id; undefined creates. */
  id?: number;
  schema: z.ZodType<TInput, TValues>;
  /** Form values: empty for create, from the item for edit. */
  values: (item: T | undefined) => TValues;
  title: (item: T | undefined) => string;
  crumbs: (item: T | undefined) => Crumb[];
  /** Where cancel and a successful save go. */
  backTo: string;
  fields: (control: Control<TValues, unknown, TInput>, item: T | undefined) => ReactNode;
};

/**
 * The create/edit screen of a master-data resource: loads the item when editing, validates with
 * the shared schema, saves, notifies "X is aangemaakt / gewijzigd" and returns to the list.
 */
export function CrudFormPage<T, TValues extends FieldValues, TInput, P = number>(
  props: CrudFormPageProps<T, TValues, TInput, P>,
) {
  if (props.id === undefined) return <CrudForm {...props} item={undefined} />;
  return <CrudEdit {...props} id={props.id} />;
}

function CrudEdit<T, TValues extends FieldValues, TInput, P>(
  props: CrudFormPageProps<T, TValues, TInput, P> & { id: number },
) {
  const { data, error, isPending } = props.resource.useItem(props.id, props.parentId);
  if (isPending) return <PageLoader />;
  if (error || !data) return <Alert severity="error">{errorMessage(error)}</Alert>;
  return <CrudForm {...props} item={data} />;
}

function CrudForm<T, TValues extends FieldValues, TInput, P>(
  props: CrudFormPageProps<T, TValues, TInput, P> & { item: T | undefined },
) {
  const navigate = useNavigate();
  const notify = useNotify();
  const create = props.resource.useCreate(props.parentId);
  const update = props.resource.useUpdate(props.id ?? 0, props.parentId);
  const form = useForm<TValues, unknown, TInput>({
    resolver: zodResolver(props.schema as never) as unknown as Resolver<TValues, unknown, TInput>,
    defaultValues: props.values(props.item) as DefaultValues<TValues>,
    // Validate on save, then live: validating on blur moved the Opslaan button under the pointer.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  return (
    <FormPage
      title={props.title(props.item)}
      crumbs={props.crumbs(props.item)}
      form={form}
      cancelTo={props.backTo}
      draftKey={`${props.backTo}/${props.id ?? 'new'}`}
      onSubmit={async (input) => {
        const res = props.id === undefined ? await create.mutateAsync(input) : await update.mutateAsync(input);
        if (res.message) notify(res.message);
        await navigate(props.backTo);
      }}
    >
      {props.fields(form.control, props.item)}
    </FormPage>
  );
}
