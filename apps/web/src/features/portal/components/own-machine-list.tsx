import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import { MALFUNCTION_TEXT } from '@keurwijzer/shared/malfunctions';
import type { OwnMachine } from '@keurwijzer/shared/portal';
import { INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import type { Column } from '../../../components/table/data-table';
import { formatDate } from '../../../lib/format';
import { machineNameColumn, machinePlace, machinePlaceColumn } from '../../../components/machine/machine-columns';
import { DueStateChip } from '../../../components/judgement/due-state-chip';
import { formatDay } from '../../../lib/format';
import { machineDueColumn } from '../../../components/machine/machine-due';
import { MachineStatusChip } from '../../../components/machine/machine-status';
import { OpenMalfunctionChip } from './malfunction-status';
import { PORTAL_TYPES } from './own-latest-reports';

/** The customer's screen of a machine. */
export const ownMachinePath = (m: Pick<OwnMachine, 'id'>) => `/machines/${m.id}`;

/**
 * The columns of "Mijn machines": inventory number, name (a link to the machine), place, the
 * latest report per type that has one, a line each (from lg), the next due date with its state
 * (sortable), and the status with "Open storing".
 */
export function ownMachineColumns(): Column<OwnMachine>[] {
  return [
    {
      key: 'inventory_number',
      label: 'Inventarisnr.',
      nowrap: true,
      sortable: true,
      hideBelow: 'sm',
      render: (m) => m.inventory_number,
    },
    { ...machineNameColumn, link: (m) => ({ to: ownMachinePath(m) }) } as Column<OwnMachine>,
    machinePlaceColumn as Column<OwnMachine>,
    {
      key: 'latest_reports',
      label: 'Laatste rapporten',
      nowrap: true,
      hideBelow: 'lg',
      render: (m) => <LatestReportLines machine={m} />,
    },
    machineDueColumn<OwnMachine>(),
    {
      key: 'status',
      label: 'Status',
      sortable: true,
      render: (m) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          <MachineStatusChip machine={m} />
          <OpenMalfunctionChip count={m.open_malfunctions} />
        </Box>
      ),
    },
  ];
}

/** The latest report of each type that has one, a line each: "Keuring 21-11-2026". */
function LatestReportLines({ machine: m }: { machine: OwnMachine }) {
  const types = PORTAL_TYPES.filter((t) => m.latest_reports[t]);
  if (types.length === 0)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        Nog geen
      </Box>
    );
  return types.map((t) => (
    <Box component="span" key={t} sx={{ display: 'block', typography: 'body2' }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {INSPECTION_TYPE_LABELS[t]}
      </Box>{' '}
      {formatDate(m.latest_reports[t]!)}
    </Box>
  ));
}

/** The latest report dates on one line: "Veiligheid 12-03-2026 · Keuring 04-02-2026" (types without one left out). */
export function latestReportsLine(m: OwnMachine): string {
  const parts = PORTAL_TYPES.filter((t) => m.latest_reports[t]).map(
    (t) => `${INSPECTION_TYPE_LABELS[t]} ${formatDate(m.latest_reports[t]!)}`,
  );
  return parts.length ? parts.join(' · ') : 'Nog geen rapporten';
}

/** A machine on a phone: name, number, place, status, due state and date, open malfunction, latest reports, "Storing melden". */
export function OwnMachineCard({ machine: m, onReport }: { machine: OwnMachine; onReport: () => void }) {
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={ownMachinePath(m)} sx={{ p: 2, pb: 1, minHeight: 48 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{m.name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {m.inventory_number} · {machinePlace(m)}
            </Typography>
          </Box>
          <MachineStatusChip machine={m} />
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          <DueStateChip state={m.due_state} />
          {m.next_due_date && (
            <Typography variant="body2">
              <Box component="span" sx={{ color: 'text.secondary' }}>
                Volgende keuring vóór{' '}
              </Box>
              {formatDay(m.next_due_date)}
            </Typography>
          )}
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            Laatste rapporten:{' '}
          </Box>
          {latestReportsLine(m)}
        </Typography>
      </CardActionArea>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pb: 1, minHeight: 48 }}>
        <Box sx={{ flexGrow: 1 }}>
          <OpenMalfunctionChip count={m.open_malfunctions} />
        </Box>
        <Button size="small" color="warning" startIcon={<ReportProblemIcon />} onClick={onReport}>
          {MALFUNCTION_TEXT.report}
        </Button>
      </Box>
    </Card>
  );
}
