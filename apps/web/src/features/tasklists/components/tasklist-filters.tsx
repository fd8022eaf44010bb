import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { INSPECTION_TYPES, INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import { TASKLIST_FILTER_KEYS, TASKLIST_STATUSES, TASKLIST_STATUS_LABELS } from '@keurwijzer/shared/tasklists';
import { FilterSelect } from '../../../components/table/filter-select';
import { useListFilters } from '../../../components/table/list-state';
import { usePlanningCustomers } from '../api/tasklists';
import { labelOptions } from '../../../lib/label-options';

/**
 * The overview's filters as query values. "Alleen mijn takenlijsten" has a default per user (on
 * for a mechanic): the URL only holds it when it differs (`mine=1` or `mine=0`).
 */
export function useTasklistFilters(mineByDefault: boolean) {
  const [values, setFilter] = useListFilters(TASKLIST_FILTER_KEYS);
  const mine = values.mine === undefined ? mineByDefault : values.mine === '1';
  const query = {
    status: values.status,
    inspection_type: values.inspection_type,
    customer_id: values.customer_id,
    mine: mine ? '1' : undefined,
  };
  /** Filters set beyond the defaults (the phone's "Filters (n)"). */
  const active =
    [values.status, values.inspection_type, values.customer_id].filter(Boolean).length +
    (mine !== mineByDefault ? 1 : 0);
  const setMine = (on: boolean) => setFilter('mine', on === mineByDefault ? '' : on ? '1' : '0');
  return { values, query, mine, active, setFilter, setMine };
}

type Filters = ReturnType<typeof useTasklistFilters>;

/** Status, type, customer and "Alleen mijn takenlijsten". */
export function TasklistFilters({ filters }: { filters: Filters }) {
  const { values, setFilter, mine, setMine } = filters;
  const customers = usePlanningCustomers('').data ?? [];
  return (
    <>
      <FilterSelect
        label="Status"
        value={values.status}
        options={labelOptions(TASKLIST_STATUSES, TASKLIST_STATUS_LABELS)}
        onChange={(v) => setFilter('status', v)}
      />
      <FilterSelect
        label="Type"
        value={values.inspection_type}
        options={labelOptions(INSPECTION_TYPES, INSPECTION_TYPE_LABELS)}
        onChange={(v) => setFilter('inspection_type', v)}
      />
      <FilterSelect
        label="Klant"
        value={values.customer_id}
        options={customers.map((c) => ({ value: c.id, label: c.name }))}
        onChange={(v) => setFilter('customer_id', v)}
      />
      <FormControlLabel
        control={<Switch checked={mine} onChange={(e) => setMine(e.target.checked)} />}
        label="Alleen mijn takenlijsten"
      />
    </>
  );
}
