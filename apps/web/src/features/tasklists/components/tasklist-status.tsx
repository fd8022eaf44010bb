import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { dutchToday, formatDay } from '@keurwijzer/shared/format';
import { roleCan, type Role } from '@keurwijzer/shared/permissions';
import { REPORT_STATUS_LABELS, type ReportStatus } from '@keurwijzer/shared/reports';
import { INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import { TASKLIST_STATUS_LABELS, type Tasklist, type TasklistStatus } from '@keurwijzer/shared/tasklists';
import { StatusChip, type StatusTone } from '../../../components/display/status-chip';

/** "2026-05-01" as 01-05-2026: a calendar date, never shifted by the time zone. */
export const formatPlannedDate = formatDay;

/** Whether a task list is planned today (the Dutch day, as the server's order decides it). */
export const isPlannedToday = (t: Pick<Tasklist, 'planned_date'>): boolean => t.planned_date === dutchToday();

/** "Vandaag" beside the planned date of today's lists. */
export function TodayChip() {
  return <StatusChip tone="primary" variant="filled" label="Vandaag" sx={{ fontWeight: 600 }} />;
}

/**
 * Where a task list opens: the office (who reads every report) gets its overview of the reports,
 * a mechanic the plan screen.
 */
export const tasklistPath = (role: Role, id: number): string =>
  roleCan(role, 'reports.view') ? `/admin/tasklists/${id}` : `/mechanic/tasklists/${id}`;

/** Takenlijsten > "Keuring 01-05-2026": the crumbs of a task list's screens. */
export const tasklistCrumbs = (t: Pick<Tasklist, 'inspection_type' | 'planned_date'>) => [
  { label: 'Takenlijsten', to: '/' },
  { label: `${INSPECTION_TYPE_LABELS[t.inspection_type]} ${formatPlannedDate(t.planned_date)}` },
];

const STATUS_COLORS = {
  concept: 'default',
  planned: 'secondary',
  in_progress: 'warning',
  completed: 'success',
} satisfies Record<TasklistStatus, StatusTone>;

/** Concept, Gepland, In uitvoering or Afgerond. */
export function TasklistStatusChip({ status }: { status: TasklistStatus }) {
  return <StatusChip tone={STATUS_COLORS[status]} label={TASKLIST_STATUS_LABELS[status]} />;
}

/** Open or Ingediend. */
export function ReportStatusChip({ status }: { status: ReportStatus }) {
  return <StatusChip tone={status === 'submitted' ? 'success' : 'default'} label={REPORT_STATUS_LABELS[status]} />;
}

/** A small bar and "3 / 5": how much of `total` is done. */
export function Progress({ done, total, label }: { done: number; total: number; label: string }) {
  const value = total > 0 ? Math.round((100 * done) / total) : 0;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 110 }}>
      <LinearProgress
        variant="determinate"
        value={value}
        aria-label={label}
        aria-valuetext={`${done} van ${total}`}
        sx={{ flexGrow: 1, height: 6, borderRadius: 3, minWidth: 48 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {done} / {total}
      </Typography>
    </Box>
  );
}
