import {
  MALFUNCTION_STATUSES,
  MALFUNCTION_STATUS_LABELS,
  type MalfunctionStatus,
} from '@keurwijzer/shared/malfunctions';
import { labelOptions } from '../../lib/label-options';
import { FilterSelect } from '../table/filter-select';
import { StatusChip, type StatusTone } from '../display/status-chip';

/**
 * Outlined, as the other status chips: the coloured text on the paper reaches AA in both schemes
 * (a filled warning chip did not; the theme's secondary stands in for info, as for "Gepland").
 */
const STATUS_COLORS = {
  open: 'warning',
  in_progress: 'secondary',
  resolved: 'success',
  withdrawn: 'default',
} satisfies Record<MalfunctionStatus, StatusTone>;

/** Open, In behandeling, Opgelost or Ingetrokken: the one status chip of the office's and the portal's screens. */
export function MalfunctionStatusChip({ status }: { status: MalfunctionStatus }) {
  return <StatusChip tone={STATUS_COLORS[status]} label={MALFUNCTION_STATUS_LABELS[status]} />;
}

/** The "Status" filter of a malfunction list: "Alle" or one status. */
export function MalfunctionStatusFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <FilterSelect
      label="Status"
      value={value}
      options={labelOptions(MALFUNCTION_STATUSES, MALFUNCTION_STATUS_LABELS)}
      onChange={onChange}
    />
  );
}
