import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  COMPLIANCE_TEXT,
  DUE_FILTER_LABELS,
  DUE_STATES,
  DUE_TYPE_LABELS,
  type DueFilter,
  type MachineDue,
} from '@keurwijzer/shared/compliance';
import { INTERVAL_SOURCE_LABELS, INTERVALS_TEXT } from '@keurwijzer/shared/intervals';
import type { Machine } from '@keurwijzer/shared/machines';
import { DueStateChip } from '../judgement/due-state-chip';
import { VerdictChip } from '../judgement/judgement';
import { formatDay } from '../../lib/format';
import type { Column } from '../table/data-table';
import { FilterSelect } from '../table/filter-select';
import { labelOptions } from '../../lib/label-options';

/*
 * The due state of a machine as every machine screen shows it: a chip with
 * colour, icon and its Dutch label (never colour alone), the next due date, the state filter of
 * the lists and the per-type panel of the machine screens. The chips are outlined like the
 * judgement chips (components/judgement): the palette's main colours reach AA as text on the
 * paper in light and dark.
 */

/** A list's cell: the state chip and "vóór 31-01-2026" under it. */
export function MachineDueCell({ machine }: { machine: Pick<Machine, 'due_state' | 'next_due_date'> }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.25 }}>
      <DueStateChip state={machine.due_state} />
      {machine.next_due_date && (
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          vóór {formatDay(machine.next_due_date)}
        </Typography>
      )}
    </Box>
  );
}

/** The column "Volgende keuring" of the machine lists, sorted by the next due date (no date last). */
export function machineDueColumn<T extends Pick<Machine, 'due_state' | 'next_due_date'>>(): Column<T> {
  return {
    key: 'next_due_date',
    label: 'Volgende keuring',
    sortable: true,
    nowrap: true,
    render: (m) => <MachineDueCell machine={m} />,
  };
}

/**
 * The state filter of the machine lists ("Keuring": not "…status", which would clash with the
 * Status filter by name): the states, or the filters a list takes besides (the customer's
 * "In orde of binnenkort").
 */
export function DueStateFilter({
  value,
  onChange,
  states = DUE_STATES,
}: {
  value: string | undefined;
  onChange: (v: string) => void;
  states?: readonly DueFilter[];
}) {
  return (
    <FilterSelect label="Keuring" value={value} options={labelOptions(states, DUE_FILTER_LABELS)} onChange={onChange} />
  );
}

/**
 * Per due type with an interval: the last inspection (date and verdict, a link to the report
 * when `reportPath` is given), the interval and where it comes from, "Volgende keuring vóór
 * <date>" and the state. Without any interval: a line saying so.
 */
export function MachineDuePanel({
  due,
  reportPath,
  showSource = false,
}: {
  due: MachineDue[];
  reportPath?: (reportId: number) => string;
  showSource?: boolean;
}) {
  if (due.length === 0)
    return <Typography color="text.secondary">Voor deze machine geldt geen keuringsinterval.</Typography>;
  return (
    <Box component="dl" sx={{ m: 0 }} data-testid="machine-due">
      {due.map((d) => (
        <Box
          key={d.inspection_type}
          data-due-type={d.inspection_type}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '160px minmax(0, 1fr)' },
            columnGap: 2,
            rowGap: 0.5,
            py: 1.5,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <Typography component="dt" sx={{ fontWeight: 500 }}>
            {DUE_TYPE_LABELS[d.inspection_type]}
          </Typography>
          <Box component="dd" sx={{ m: 0, display: 'grid', gap: 0.75 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <DueStateChip state={d.state} />
              <Typography sx={{ fontWeight: 500 }}>{COMPLIANCE_TEXT.nextDue(formatDay(d.due_date))}</Typography>
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Typography variant="body2" color="text.secondary">
                Laatste keuring:
              </Typography>
              {d.last_date === null ? (
                <Typography variant="body2">{COMPLIANCE_TEXT.neverInspected}</Typography>
              ) : (
                <>
                  <Typography variant="body2">
                    {reportPath && d.last_report_id !== null ? (
                      <Link component={RouterLink} to={reportPath(d.last_report_id)}>
                        {formatDay(d.last_date)}
                      </Link>
                    ) : (
                      formatDay(d.last_date)
                    )}
                  </Typography>
                  {d.last_verdict && <VerdictChip verdict={d.last_verdict} />}
                </>
              )}
            </Box>
            <Typography variant="body2" color="text.secondary">
              Interval: {INTERVALS_TEXT.months(d.interval_months)}
              {showSource ? ` (van ${INTERVAL_SOURCE_LABELS[d.interval_source]})` : ''}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
