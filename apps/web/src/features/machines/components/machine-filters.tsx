import { useSearchParams } from 'react-router';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MACHINE_STATUSES, MACHINE_STATUS_LABELS } from '@keurwijzer/shared/machines';
import { brandsResource } from '../../brands/api/brands';
import { departmentsResource, locationsResource, roomsResource } from '../../locations/api/locations';
import { machineTypesResource } from '../../machine-types/api/machine-types';
import { ALL_ITEMS } from './placement-fields';

/** The filters of the machines screen, kept in the URL (the inventory export takes them too). */
export const MACHINE_FILTER_KEYS = [
  'location_id',
  'department_id',
  'room_id',
  'machine_type_id',
  'brand_id',
  'status',
] as const;

/** The filters in the URL as query values. */
export function useMachineFilterQuery(): Record<string, string | undefined> {
  const [params] = useSearchParams();
  return Object.fromEntries(MACHINE_FILTER_KEYS.map((k) => [k, params.get(k) || undefined]));
}

/** A filter select kept in the URL; choosing clears the filters that depend on it. */
export function Filter({
  name,
  label,
  options,
  clears = [],
  disabled,
}: {
  name: string;
  label: string;
  options: { value: string | number; label: string }[];
  clears?: string[];
  disabled?: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? '';
  return (
    <TextField
      select
      size="small"
      // The whole width on a phone (they fold open one under the other), beside the search above.
      sx={{ minWidth: 170, width: { xs: '100%', sm: 'auto' } }}
      label={label}
      disabled={disabled}
      // Until the options have loaded, a chosen id has no label yet: show it empty, not as an error.
      value={options.some((o) => String(o.value) === value) ? value : ''}
      onChange={(e) =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            if (e.target.value) next.set(name, String(e.target.value));
            else next.delete(name);
            for (const key of [...clears, 'page']) next.delete(key);
            return next;
          },
          { replace: true },
        )
      }
    >
      <MenuItem value="">Alle</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={String(o.value)}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const named = (items: { id: number; name: string }[] | undefined) =>
  (items ?? []).map((i) => ({ value: i.id, label: i.name }));

/** Vestiging > afdeling > ruimte (each follows the one before), machine type, brand and status. */
export function MachineFilters({ customerId }: { customerId: number }) {
  const query = useMachineFilterQuery();
  const locationId = Number(query.location_id) || 0;
  const departmentId = Number(query.department_id) || 0;
  const locations = locationsResource.useList(ALL_ITEMS, customerId).data?.data;
  const departments = departmentsResource.useList(ALL_ITEMS, { customerId, locationId }, locationId > 0).data?.data;
  const rooms = roomsResource.useList(ALL_ITEMS, { customerId, locationId, departmentId }, departmentId > 0).data?.data;
  const machineTypes = machineTypesResource.useList(ALL_ITEMS).data?.data;
  const brands = brandsResource.useList(ALL_ITEMS).data?.data;
  return (
    <>
      <Filter name="location_id" label="Vestiging" options={named(locations)} clears={['department_id', 'room_id']} />
      <Filter
        name="department_id"
        label="Afdeling"
        options={locationId ? named(departments) : []}
        disabled={!locationId}
        clears={['room_id']}
      />
      <Filter name="room_id" label="Ruimte" options={departmentId ? named(rooms) : []} disabled={!departmentId} />
      <Filter name="machine_type_id" label="Machinetype" options={named(machineTypes)} />
      <Filter name="brand_id" label="Merk" options={named(brands)} />
      <Filter
        name="status"
        label="Status"
        options={MACHINE_STATUSES.map((s) => ({ value: s, label: MACHINE_STATUS_LABELS[s] }))}
      />
    </>
  );
}
