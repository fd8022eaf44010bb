import { MACHINE_FILTER_KEYS, MACHINE_STATUSES, MACHINE_STATUS_LABELS } from '@keurwijzer/shared/machines';
import { FilterSelect } from '../../../components/table/filter-select';
import { useListFilters } from '../../../components/table/list-state';
import { brandsResource } from '../../../lib/api/brands';
import { departmentsResource, locationsResource, roomsResource } from '../../../lib/api/locations';
import { machineTypesResource } from '../../../lib/api/machine-types';
import { DueStateFilter } from '../../../components/machine/machine-due';
import { ALL_ITEMS } from '../../../components/pickers/placement-fields';
import { labelOptions } from '../../../lib/label-options';

/** The filters of the machines screen as query values (the inventory export takes them too). */
export const useMachineFilterQuery = () => useListFilters(MACHINE_FILTER_KEYS)[0];

const named = (items: { id: number; name: string }[] | undefined) =>
  (items ?? []).map((i) => ({ value: i.id, label: i.name }));

/** Vestiging > afdeling > ruimte (each follows the one before), machine type, brand, status and due state. */
export function MachineFilters({ customerId }: { customerId: number }) {
  const [query, setFilter] = useListFilters(MACHINE_FILTER_KEYS);
  const locationId = Number(query.location_id) || 0;
  const departmentId = Number(query.department_id) || 0;
  const locations = locationsResource.useList(ALL_ITEMS, customerId).data?.data;
  const departments = departmentsResource.useList(ALL_ITEMS, { customerId, locationId }, locationId > 0).data?.data;
  const rooms = roomsResource.useList(ALL_ITEMS, { customerId, locationId, departmentId }, departmentId > 0).data?.data;
  const machineTypes = machineTypesResource.useList(ALL_ITEMS).data?.data;
  const brands = brandsResource.useList(ALL_ITEMS).data?.data;
  return (
    <>
      <FilterSelect
        label="Vestiging"
        value={query.location_id}
        options={named(locations)}
        onChange={(v) => setFilter('location_id', v, ['department_id', 'room_id'])}
      />
      <FilterSelect
        label="Afdeling"
        value={query.department_id}
        options={locationId ? named(departments) : []}
        disabled={!locationId}
        onChange={(v) => setFilter('department_id', v, ['room_id'])}
      />
      <FilterSelect
        label="Ruimte"
        value={query.room_id}
        options={departmentId ? named(rooms) : []}
        disabled={!departmentId}
        onChange={(v) => setFilter('room_id', v)}
      />
      <FilterSelect
        label="Machinetype"
        value={query.machine_type_id}
        options={named(machineTypes)}
        onChange={(v) => setFilter('machine_type_id', v)}
      />
      <FilterSelect
        label="Merk"
        value={query.brand_id}
        options={named(brands)}
        onChange={(v) => setFilter('brand_id', v)}
      />
      <FilterSelect
        label="Status"
        value={query.status}
        options={labelOptions(MACHINE_STATUSES, MACHINE_STATUS_LABELS)}
        onChange={(v) => setFilter('status', v)}
      />
      <DueStateFilter value={query.due_state} onChange={(v) => setFilter('due_state', v)} />
    </>
  );
}
