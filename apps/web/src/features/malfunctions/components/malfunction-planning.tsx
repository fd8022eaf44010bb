import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import EventIcon from '@mui/icons-material/EventOutlined';
import { dutchToday, formatDay } from '@keurwijzer/shared/format';
import {
  ACTIVE_MALFUNCTION_STATUSES,
  MALFUNCTION_TEXT,
  MalfunctionPlanInputSchema,
  type MalfunctionDetail,
  type MalfunctionPlanFormValues,
  type MalfunctionPlanOption,
} from '@keurwijzer/shared/malfunctions';
import { INSPECTION_TYPES, INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import { REPORT_STATUS_LABELS } from '@keurwijzer/shared/reports';
import { useNotify } from '../../../components/feedback/notifications';
import { TextFieldElement } from '../../../components/form/form-fields';
import { SelectElement } from '../../../components/form/select-element';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';
import { errorMessage } from '../../../lib/api-client';
import { showServerErrors } from '../../../components/form/server-errors';
import { usePlanMalfunction, usePlanOptions } from '../api/desk';
import { labelOptions } from '../../../lib/label-options';

/** "01-12-2026 · Onderhoud · Jan Jansen (machine staat er al op)": one open list to choose. */
const optionLabel = (o: MalfunctionPlanOption) =>
  [formatDay(o.date), INSPECTION_TYPE_LABELS[o.inspection_type], o.mechanic_name].filter(Boolean).join(' · ') +
  (o.has_machine ? ' (machine staat er al op)' : '');

/**
 * "Inplannen": choose an open task list of the machine's location, or a new one on a date (type
 * onderhoud unless chosen otherwise); the server plans the machine there and links its report.
 */
function PlanDialog({ malfunction: m, onClose }: { malfunction: MalfunctionDetail; onClose: () => void }) {
  const notify = useNotify();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const options = usePlanOptions(m.id, true);
  const plan = usePlanMalfunction(m.id);
  const form = useZodForm(MalfunctionPlanInputSchema, {
    tasklist_id: '',
    planned_date: dutchToday(),
    inspection_type: 'maintenance',
  } satisfies MalfunctionPlanFormValues);
  const tasklistId = useWatch({ control: form.control, name: 'tasklist_id' });
  const newList = tasklistId === '' || tasklistId === null || tasklistId === undefined;

  const submit = submitValues(form, async (values) => {
    try {
      const res = await plan.mutateAsync(
        newList
          ? { planned_date: values.planned_date, inspection_type: values.inspection_type }
          : { tasklist_id: values.tasklist_id },
      );
      notify(res.message ?? MALFUNCTION_TEXT.planned);
      onClose();
    } catch (err) {
      showServerErrors(form, err, notify);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={fullScreen} maxWidth="sm" aria-labelledby="plan-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="plan-title">{MALFUNCTION_TEXT.plan}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {m.machine_name} ({m.inventory_number}) komt op een takenlijst van {m.location_name}. De storing gaat naar
            In behandeling en krijgt het rapport van die lijst.
          </DialogContentText>
          {options.isPending ? (
            <Skeleton variant="rounded" height={56} />
          ) : options.error ? (
            <Alert severity="error">{errorMessage(options.error)}</Alert>
          ) : (
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <SelectElement
                control={form.control}
                name="tasklist_id"
                label="Takenlijst"
                emptyLabel={MALFUNCTION_TEXT.newTasklist}
                options={(options.data ?? []).map((o) => ({ value: o.tasklist_id, label: optionLabel(o) }))}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                helperText={
                  options.data?.length ? undefined : 'Er is geen open takenlijst van deze locatie: je maakt een nieuwe.'
                }
              />
              {newList && (
                <>
                  <TextFieldElement
                    control={form.control}
                    name="planned_date"
                    label="Geplande datum"
                    type="date"
                    required
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                  <SelectElement
                    control={form.control}
                    name="inspection_type"
                    label="Soort"
                    required
                    options={labelOptions(INSPECTION_TYPES, INSPECTION_TYPE_LABELS)}
                  />
                </>
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" size="large" onClick={onClose}>
            Annuleren
          </Button>
          <Button type="submit" variant="contained" size="large" disabled={plan.isPending || options.isPending}>
            {MALFUNCTION_TEXT.plan}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * Planning of a malfunction on the office's screen: the task list and report it was planned on
 * (the report's status), and "Inplannen" while it is active and not on an open report.
 */
export function MalfunctionPlanning({
  malfunction: m,
  canManage,
}: {
  malfunction: MalfunctionDetail;
  canManage: boolean;
}) {
  const [open, setOpen] = useState(false);
  const active = (ACTIVE_MALFUNCTION_STATUSES as readonly string[]).includes(m.status);
  const mayPlan = canManage && active && m.planned?.report_status !== 'open';
  return (
    <Paper variant="outlined" component="section" aria-labelledby="planning-title" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: m.planned ? 2 : 0 }}>
        <Typography variant="h2" id="planning-title" sx={{ flexGrow: 1 }}>
          Planning
        </Typography>
        {mayPlan && (
          <Button variant="outlined" startIcon={<EventIcon />} onClick={() => setOpen(true)}>
            {MALFUNCTION_TEXT.plan}
          </Button>
        )}
      </Box>
      {m.planned ? (
        <Typography data-testid="malfunction-planned">
          Ingepland op{' '}
          <Link component={RouterLink} to={`/admin/tasklists/${m.planned.tasklist_id}`}>
            de takenlijst van {formatDay(m.planned.date)}
          </Link>
          {' · '}
          <Link component={RouterLink} to={`/admin/reports/${m.planned.report_id}`}>
            {MALFUNCTION_TEXT.reportLink}
          </Link>{' '}
          ({REPORT_STATUS_LABELS[m.planned.report_status]})
        </Typography>
      ) : (
        !mayPlan && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Niet ingepland.
          </Typography>
        )
      )}
      {open && <PlanDialog malfunction={m} onClose={() => setOpen(false)} />}
    </Paper>
  );
}
