import { useController, type FieldValues, type Path } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { AnyControl } from '../form/form-fields';
import { departmentsResource, locationsResource, roomsResource } from '../../lib/api/locations';

/** A whole short list in one page (a customer's locations, a location's departments ...). */
export const ALL_ITEMS = {
  page: 1,
  itemsPerPage: 100,
  search: undefined,
  sortKey: 'name',
  sortOrder: 'asc' as const,
  archived: undefined,
};

type Option = { id: number; name: string };
type Field = ReturnType<typeof useController>['field'] & { error?: string };

function Select(props: {
  label: string;
  field: Field;
  options: Option[] | undefined;
  required?: boolean;
  disabled?: boolean;
  onPick: (v: number | '') => void;
}) {
  const { field } = props;
  return (
    <TextField
      select
      label={props.label}
      required={props.required}
      disabled={props.disabled}
      name={field.name}
      inputRef={field.ref}
      value={props.options?.some((o) => o.id === field.value) ? field.value : ''}
      onBlur={field.onBlur}
      onChange={(e) => props.onPick(e.target.value === '' ? '' : Number(e.target.value))}
      error={!!field.error}
      helperText={field.error}
    >
      {!props.required && <MenuItem value="">Geen</MenuItem>}
      {(props.options ?? []).map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Vestiging > afdeling > ruimte of a customer: each list follows the choice above it. */
export function PlacementFields<T extends FieldValues>({
  control,
  customerId,
}: {
  control: AnyControl<T>;
  customerId: number;
}) {
  const loc = useController({ name: 'location_id' as Path<T>, control });
  const dep = useController({ name: 'department_id' as Path<T>, control });
  const room = useController({ name: 'room_id' as Path<T>, control });
  const locationId = Number(loc.field.value) || 0;
  const departmentId = Number(dep.field.value) || 0;
  const locations = locationsResource.useList(ALL_ITEMS, customerId).data?.data;
  const departments = departmentsResource.useList(ALL_ITEMS, { customerId, locationId }, locationId > 0).data?.data;
  const rooms = roomsResource.useList(ALL_ITEMS, { customerId, locationId, departmentId }, departmentId > 0).data?.data;
  const withError = (c: typeof loc) => ({ ...c.field, error: c.fieldState.error?.message }) as Field;

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <Select
        label="Vestiging"
        required
        field={withError(loc)}
        options={locations}
        onPick={(v) => {
          loc.field.onChange(v);
          dep.field.onChange('');
          room.field.onChange('');
        }}
      />
      <Select
        label="Afdeling"
        field={withError(dep)}
        options={locationId ? departments : []}
        disabled={!locationId}
        onPick={(v) => {
          dep.field.onChange(v);
          room.field.onChange('');
        }}
      />
      <Select
        label="Ruimte"
        field={withError(room)}
        options={departmentId ? rooms : []}
        disabled={!departmentId}
        onPick={(v) => room.field.onChange(v)}
      />
    </Stack>
  );
}
