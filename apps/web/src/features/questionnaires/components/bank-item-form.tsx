import { CrudFormPage } from '../../../components/form/crud-form-page';
import type { Crumb } from '../../../components/layout/page-header';
import { SearchSelect } from '../../../components/form/search-select';
import type { Resource } from '../../../lib/resource';
import type { DefaultValues, Path } from 'react-hook-form';
import type { FormSchema } from '../../../components/form/use-zod-form';
import type { BankOption } from '../../../lib/api/questionnaires';

/**
 * Adds an item from a bank (the category list, the question bank) to a questionnaire, or swaps
 * it for another: one searchable select. The item keeps its place in the order.
 */
export function BankItemForm<T extends { name: string }, F extends string, P>(props: {
  resource: Resource<T, Record<F, number | string>, P>;
  parentId: P;
  id: number | undefined;
  field: F;
  schema: FormSchema<Record<F, number | string>>;
  /** The bank id of the current item (edit). */
  currentId: (item: T) => number;
  label: string;
  helperText: string;
  noOptionsText: string;
  useOptions: (search: string) => { data: BankOption[] | undefined; isFetching: boolean };
  addTitle: string;
  editTitle: (item: T) => string;
  crumbs: Crumb[];
  backTo: string;
}) {
  return (
    <CrudFormPage
      resource={props.resource}
      parentId={props.parentId}
      id={props.id}
      schema={props.schema}
      // A computed key types as a string index; the record's one key is `field`.
      values={(item) =>
        ({ [props.field]: item ? props.currentId(item) : '' }) as DefaultValues<Record<F, number | string>>
      }
      title={(item) => (item ? props.editTitle(item) : props.addTitle)}
      crumbs={(item) => [...props.crumbs, { label: item ? item.name : props.addTitle }]}
      backTo={props.backTo}
      fields={(control, item) => (
        <SearchSelect
          // TypeScript cannot resolve Path<> of a generic key; `field` is the record's one key.
          name={props.field as unknown as Path<Record<F, number | string>>}
          control={control}
          label={props.label}
          required
          autoFocus
          helperText={props.helperText}
          noOptionsText={props.noOptionsText}
          useOptions={props.useOptions}
          getLabel={(o) => o.name}
          initial={item ? { id: props.currentId(item), name: item.name } : null}
        />
      )}
    />
  );
}
