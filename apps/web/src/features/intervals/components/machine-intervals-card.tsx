import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Path } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { DUE_TYPES, type DueType } from '@keurwijzer/shared/compliance';
import {
  INTERVAL_SOURCE_LABELS,
  intervalFormValues,
  IntervalSetInputSchema,
  INTERVALS_TEXT,
  type IntervalSetFormValues,
  type MachineIntervals,
} from '@keurwijzer/shared/intervals';
import { useZodForm, submitValues } from '../../../components/form/use-zod-form';
import { useNotify } from '../../../components/feedback/notifications';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useChange } from '../../../lib/query-client';
import { saveMachineIntervals, useMachineIntervals } from '../../../lib/api/intervals';
import { IntervalFields } from '../../../components/form/interval-fields';

/** The placeholder of a machine's field: what applies without its override ("12 maanden (de klant)"). */
const placeholdersOf = (mi: MachineIntervals) =>
  Object.fromEntries(
    DUE_TYPES.map((t) => {
      const inherited = mi.inherited[t];
      return [
        t,
        inherited
          ? `${INTERVALS_TEXT.months(inherited.months)} (${INTERVAL_SOURCE_LABELS[inherited.source]})`
          : INTERVALS_TEXT.none,
      ];
    }),
  ) as Record<DueType, string>;

/**
 * "Keuringsintervallen" of one machine (the machine screen): its own interval per due type, the
 * customer's or machine type's as placeholder; empty takes that again. A form of its own with
 * its own "Intervallen instellen", beside the machine's form.
 */
export function MachineIntervalsCard({ customerId, machineId }: { customerId: number; machineId: number }) {
  const { data, isPending, error } = useMachineIntervals(customerId, machineId);
  return (
    <Card variant="outlined" sx={{ maxWidth: 960, mt: 3 }} component="section" aria-labelledby="machine-intervals">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" id="machine-intervals" sx={{ mb: 1 }}>
          Keuringsintervallen
        </Typography>
        {isPending ? (
          <Skeleton variant="text" width="60%" aria-label="Laden..." />
        ) : error ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : (
          <IntervalsForm customerId={customerId} machineId={machineId} intervals={data} />
        )}
      </CardContent>
    </Card>
  );
}

function IntervalsForm({
  customerId,
  machineId,
  intervals,
}: {
  customerId: number;
  machineId: number;
  intervals: MachineIntervals;
}) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const form = useZodForm(IntervalSetInputSchema, intervalFormValues(intervals.overrides));
  const save = useChange('machines', (values: IntervalSetFormValues) =>
    saveMachineIntervals(customerId, machineId, values),
  );
  const submit = submitValues(form, async (values) => {
    try {
      const res = await save.mutateAsync(values);
      queryClient.setQueryData(['machines', 'intervals', customerId, machineId], res.data);
      form.reset(intervalFormValues(res.data.overrides));
      if (res.message) notify(res.message);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        for (const [field, messages] of Object.entries(err.errors)) {
          form.setError(field as Path<IntervalSetFormValues>, { type: 'server', message: messages[0] });
        }
      } else notify(errorMessage(err), 'error');
    }
  });
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <IntervalFields
        control={form.control}
        title={null}
        hint={INTERVALS_TEXT.machineOverrideHint}
        placeholders={placeholdersOf(intervals)}
      />
      <Button type="submit" variant="outlined" sx={{ mt: 2 }} disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Bezig...' : 'Intervallen instellen'}
      </Button>
    </Box>
  );
}
