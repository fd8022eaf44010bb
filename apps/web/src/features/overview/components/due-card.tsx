import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { COMPLIANCE_TEXT, DUE_TYPE_LABELS } from '@keurwijzer/shared/compliance';
import type { DueRow } from '@keurwijzer/shared/overview';
import { formatDay } from '../../../lib/format';
import { DueStateChip } from '../../../components/judgement/due-state-chip';

/** The machine screen (its reports and due state per type) of a Keuringsplanning row. */
export const dueMachinePath = (r: DueRow) => `/admin/customers/${r.customer_id}/machines/${r.machine_id}/reports`;

/** A Keuringsplanning row on a phone: the whole card opens the machine. */
export function DueCard({ row: r }: { row: DueRow }) {
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={dueMachinePath(r)} sx={{ p: 2, minHeight: 48 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {r.machine_name}{' '}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                ({r.inventory_number})
              </Typography>
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {r.customer_name} · {r.location_name}
            </Typography>
          </Box>
          <DueStateChip state={r.state} />
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {DUE_TYPE_LABELS[r.inspection_type]} · {COMPLIANCE_TEXT.nextDue(formatDay(r.due_date))}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {r.last_date ? `Laatste keuring ${formatDay(r.last_date)}` : COMPLIANCE_TEXT.neverInspected}
        </Typography>
      </CardActionArea>
    </Card>
  );
}
