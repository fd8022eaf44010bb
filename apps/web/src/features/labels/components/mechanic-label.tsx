import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import AddTaskIcon from '@mui/icons-material/AddTaskOutlined';
import { LABEL_TEXT } from '@keurwijzer/shared/labels';
import { PageLoader } from '../../../components/feedback/page-loader';
import { useDocumentTitle } from '../../../components/layout/document-title';
import { errorMessage } from '../../../lib/api-client';
import { useChange } from '../../../lib/query-client';
import { getPublicLabel, labelKeys, planLabel } from '../api/labels';
import { LabelError } from './label-messages';
import { LabelShell } from './label-shell';
import { LabelMachine } from './public-label-page';

/**
 * A mechanic scanned a machine that has no open report on their lists: the machine, and
 * "Toevoegen aan takenlijst van vandaag", which puts it on today's list of its location and
 * opens the new report.
 */
export function MechanicLabel({ token }: { token: string }) {
  const navigate = useNavigate();
  const label = useQuery({ queryKey: labelKeys.public(token), queryFn: () => getPublicLabel(token), retry: false });
  const [failure, setFailure] = useState<string | null>(null);
  // The new report is on a task list: the lists and their reports are refetched.
  const plan = useChange('tasklists', () => planLabel(token));
  const add = async () => {
    setFailure(null);
    try {
      const { report_id } = await plan.mutateAsync(undefined);
      await navigate(`/mechanic/report/${report_id}`, { replace: true });
    } catch (err) {
      setFailure(errorMessage(err));
    }
  };
  useDocumentTitle(label.data?.name ?? 'Label');
  if (label.isPending) return <PageLoader />;
  if (label.error) return <LabelError error={label.error} retry={() => void label.refetch()} />;
  return (
    <LabelShell company={label.data.company_name}>
      <LabelMachine label={label.data} />
      <Alert severity="info" sx={{ mb: 2 }}>
        Deze machine staat niet open op een van je takenlijsten.
      </Alert>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          size="large"
          disabled={plan.isPending}
          startIcon={plan.isPending ? <CircularProgress size={18} color="inherit" /> : <AddTaskIcon />}
          onClick={() => void add()}
        >
          {LABEL_TEXT.addToToday}
        </Button>
        <Button component={RouterLink} to="/" size="large">
          Naar mijn takenlijsten
        </Button>
      </Box>
    </LabelShell>
  );
}
