import { NamedInputSchema, type NamedFormValues } from '@keurwijzer/shared/master-data';
import type { Resource } from '../../lib/resource';
import { CrudFormPage } from './crud-form-page';
import { NameField } from './name-field';
import type { Crumb } from '../layout/page-header';

/**
 * Create/edit of a named master item (brand, brand type, machine type, category): one name
 * field. `crumbs` are the ones above the item; `newTitle` heads the create screen.
 */
export function NamedFormPage<T extends { name: string }, P = number>(props: {
  resource: Resource<T, NamedFormValues, P>;
  parentId?: P;
  id: number | undefined;
  newTitle: string;
  crumbs: Crumb[];
  backTo: string;
}) {
  return (
    <CrudFormPage
      resource={props.resource}
      parentId={props.parentId}
      id={props.id}
      schema={NamedInputSchema}
      values={(item?: T) => ({ name: item?.name ?? '' })}
      title={(item) => (item ? `${item.name} wijzigen` : props.newTitle)}
      crumbs={(item) => [...props.crumbs, { label: item ? item.name : props.newTitle }]}
      backTo={props.backTo}
      fields={(control) => <NameField control={control} />}
    />
  );
}
