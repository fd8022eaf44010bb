import type { ComponentProps } from 'react';
import Box from '@mui/material/Box';
import { INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import type { TasklistDetail } from '@keurwijzer/shared/tasklists';
import { DetailCard, DetailItem } from '../../../components/display/details';
import { Progress, TasklistStatusChip, formatPlannedDate } from './tasklist-status';

/* A task list's fields as typed on one line each (its remarks too). */
const Item = (props: ComponentProps<typeof DetailItem>) => <DetailItem keepLines={false} {...props} />;

/** What a task list is: where, what, when, its status and how far it is (plan and office screens). */
export function TasklistSummary({ tasklist: t }: { tasklist: TasklistDetail }) {
  return (
    <DetailCard>
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
    </DetailCard>
  );
}
