import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import type { Tasklist } from '@keurwijzer/shared/tasklists';
import { Progress, TasklistStatusChip, TodayChip, formatPlannedDate, isPlannedToday } from './tasklist-status';

/** A task list on a phone: the whole card opens it (a target a thumb can hit). */
export function TasklistCard({ tasklist: t, to }: { tasklist: Tasklist; to: string }) {
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={to} sx={{ p: 2, minHeight: 48 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{t.customer_name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {t.location_name}
            </Typography>
          </Box>
          <TasklistStatusChip status={t.status} />
        </Box>
        <Box sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2">
            {INSPECTION_TYPE_LABELS[t.inspection_type]} · {formatPlannedDate(t.planned_date)}
          </Typography>
          {isPlannedToday(t) && <TodayChip />}
        </Box>
        <Box sx={{ mt: 1 }}>
          <Progress done={t.submitted_count} total={t.machines_count} label="Ingediende rapporten" />
        </Box>
      </CardActionArea>
    </Card>
  );
}
