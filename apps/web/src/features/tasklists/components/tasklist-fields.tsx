import { useEffect } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { INSPECTION_TYPES, INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import type { PlanningOption, TasklistFormValues } from '@keurwijzer/shared/tasklists';
import { TextFieldElement } from '../../../components/form/form-fields';
import { SearchSelect } from '../../../components/form/search-select';
import { SelectElement } from '../../../components/form/select-element';
import { TextInput } from '../../../components/form/text-input';
import { usePlanningCustomers, usePlanningLocations } from '../api/tasklists';
import { labelOptions } from '../../../lib/label-options';

type Form = UseFormReturn<TasklistFormValues, unknown, unknown>;

/**
 * Customer (searched), then one of its locations, type, planned date and remarks. The location
 * waits for a customer and is emptied when the customer changes (or is not one of its locations).
 * `fixed`: customer, location and type cannot change (machines are planned).
 */
export function TasklistFields({
  form,
  initialCustomer,
  fixed = false,
}: {
  form: Form;
  initialCustomer?: PlanningOption | null;
  fixed?: boolean;
}) {
  const { control } = form;
  const customerValue = useWatch({ control, name: 'customer_id' });
  const customerId = Number(customerValue) || null;
  const locations = usePlanningLocations(customerId);
  const options = customerId && locations.data ? locations.data : [];

  useEffect(() => {
    const current = form.getValues('location_id');
    if (current === '' || current === undefined) return;
    // A location of another customer: after a change of customer, or a restored draft.
    if (customerId === null || (locations.data && !locations.data.some((l) => l.id === Number(current))))
      form.setValue('location_id', '');
  }, [customerId, locations.data, form]);

  return (
    <>
      {fixed ? (
        <TextInput label="Klant" disabled value={initialCustomer?.name ?? ''} />
      ) : (
        <SearchSelect
          name="customer_id"
          control={control}
          label="Klant"
          required
          autoFocus
          noOptionsText="Geen klanten gevonden"
          useOptions={usePlanningCustomers}
          getLabel={(c: PlanningOption) => c.name}
          initial={initialCustomer}
        />
      )}
      <SelectElement
        name="location_id"
        control={control}
        label="Vestiging"
        required
        disabled={fixed || customerId === null || locations.isPending}
        options={options.map((l) => ({ value: l.id, label: l.name }))}
      />
      <SelectElement
        name="inspection_type"
        control={control}
        label="Type"
        required
        disabled={fixed}
        options={labelOptions(INSPECTION_TYPES, INSPECTION_TYPE_LABELS)}
      />
      <TextFieldElement name="planned_date" control={control} label="Geplande datum" type="date" required />
      <TextFieldElement
        name="remarks"
        control={control}
        label="Opmerkingen"
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
    </>
  );
}
