import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import type { TasklistDetail } from '@keurwijzer/shared/tasklists';
import { Progress, TasklistStatusChip, formatPlannedDate } from './tasklist-status';

function Item({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, ...(wide && { gridColumn: '1 / -1' }) }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** What a task list is: where, what, when, its status and how far it is (plan and office screens). */
export function TasklistSummary({ tasklist: t }: { tasklist: TasklistDetail }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <Item label="Klant">{t.customer_name}</Item>
        <Item label="Vestiging">{t.location_name}</Item>
        <Item label="Type">{INSPECTION_TYPE_LABELS[t.inspection_type]}</Item>
        <Item label="Geplande datum">{formatPlannedDate(t.planned_date)}</Item>
        <Item label="Status">
          <Box component="span" sx={{ display: 'inline-block', mt: 0.5 }}>
            <TasklistStatusChip status={t.status} />
          </Box>
        </Item>
        <Item label="Ingediende rapporten">
          <Box component="span" sx={{ display: 'block', maxWidth: 220, mt: 0.5 }}>
            <Progress done={t.submitted_count} total={t.machines_count} label="Ingediende rapporten" />
          </Box>
        </Item>
        <Item label="Vragen">{t.questions_count}</Item>
        <Item label="Aangemaakt door">{t.created_by_name ?? '-'}</Item>
        {t.remarks && (
          <Item label="Opmerkingen" wide>
            {t.remarks}
          </Item>
        )}
      </Box>
    </Paper>
  );
}
