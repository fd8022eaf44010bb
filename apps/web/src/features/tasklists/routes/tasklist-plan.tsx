import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import type { SkippedMachine, TasklistDetail } from '@keurwijzer/shared/tasklists';
import { useConfirmedAction } from '../../../components/feedback/use-confirmed-action';
import { useNotify } from '../../../components/feedback/notifications';
import { PageLoader } from '../../../components/feedback/page-loader';
import { PageHeader } from '../../../components/layout/page-header';
import { errorMessage } from '../../../lib/api-client';
import type { PrefetchArgs } from '../../../lib/screen';
import {
  tasklistQuery,
  tasklistsResource,
  useCandidates,
  usePlanDue,
  usePlanMachines,
  useTasklist,
} from '../api/tasklists';
import { DueProposal, byDueDate, isDue } from '../components/due-proposal';
import { CandidateList } from '../components/candidate-list';
import { ConceptMachineDialog } from '../components/concept-machine-dialog';
import { PlannedMachines, untouched } from '../components/planned-machines';
import { TasklistEditDialog } from '../components/tasklist-edit-dialog';
import { refusalText } from '../../../components/form/server-errors';
import { TasklistSummary } from '../components/tasklist-summary';
import { formatPlannedDate, tasklistCrumbs } from '../components/tasklist-status';

/** The list's customer is the heading: fetched before the screen shows (no layout shift). */
export const prefetch = ({ params, queryClient }: PrefetchArgs) =>
  queryClient.ensureQueryData(tasklistQuery(Number(params.id)));

/** mechanic/tasklists/{id}: plan the machines of a task list and open their reports. */
export default function TasklistPlan() {
  const id = Number(useParams().id);
  const { data, error, isPending } = useTasklist(id);
  if (isPending) return <PageLoader />;
  if (error || !data) return <Alert severity="error">{errorMessage(error)}</Alert>;
  return <Plan tasklist={data} />;
}

function Plan({ tasklist: t }: { tasklist: TasklistDetail }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const run = useConfirmedAction();
  const remove = tasklistsResource.useRemove();
  const plan = usePlanMachines(t.id);
  const planDue = usePlanDue(t.id);
  const [skipped, setSkipped] = useState<SkippedMachine[]>([]);
  const candidates = useCandidates(t.id);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState(false);

  // Machines added on site are concept machines until the office approves them.
  const concept = useMemo(
    () => new Set((candidates.data ?? []).filter((c) => c.status === 'concept').map((c) => c.id)),
    [candidates.data],
  );
  const open = useMemo(() => (candidates.data ?? []).filter((c) => c.report_id === null), [candidates.data]);
  const due = useMemo(() => open.filter(isDue).sort(byDueDate), [open]);
  // Only what can still be planned counts (a machine planned meanwhile drops out of the choice).
  const chosen = open.filter((c) => c.plannable && selected.has(c.id)).map((c) => c.id);
  const deletable = t.machines.every(untouched);

  const onPlan = async () => {
    try {
      const res = await plan.mutateAsync(chosen);
      if (res.message) notify(res.message);
      setSelected(new Set());
    } catch (err) {
      notify(refusalText(err), 'error');
    }
  };

  const onPlanDue = async () => {
    try {
      const res = await planDue.mutateAsync();
      if (res.message) notify(res.message);
      setSkipped(res.skipped ?? []);
      setSelected(new Set());
    } catch (err) {
      notify(refusalText(err), 'error');
    }
  };

  const onDelete = async () => {
    const res = await run(
      {
        title: 'Takenlijst verwijderen',
        message: `Weet je zeker dat je de takenlijst van ${t.customer_name} (${t.location_name}, ${formatPlannedDate(t.planned_date)}) wilt verwijderen?`,
        confirmLabel: 'Verwijderen',
        destructive: true,
      },
      () => remove.mutateAsync(t.id),
    );
    if (res) await navigate('/');
  };

  return (
    <>
      <PageHeader
        title={t.customer_name}
        crumbs={tasklistCrumbs(t)}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button startIcon={<EditIcon />} onClick={() => setEditing(true)}>
              Wijzigen
            </Button>
            {deletable && (
              <Button color="error" startIcon={<DeleteIcon />} onClick={() => void onDelete()}>
                Verwijderen
              </Button>
            )}
          </Box>
        }
      />
      <TasklistSummary tasklist={t} />

      <Typography variant="h2" sx={{ mb: 2 }}>
        Ingepland ({t.machines.length})
      </Typography>
      <PlannedMachines tasklistId={t.id} machines={t.machines} concept={concept} />

      {candidates.data && (
        <DueProposal
          due={due}
          onPlanAll={() => void onPlanDue()}
          pending={planDue.isPending}
          skipped={skipped}
          onDismissSkipped={() => setSkipped([])}
        />
      )}

      <Box component="section" aria-labelledby="candidates-title">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mt: 4, mb: 2 }}>
          <Typography variant="h2" id="candidates-title" sx={{ flexGrow: 1 }}>
            Machines op deze vestiging
          </Typography>
          <Button variant="outlined" size="large" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            Machine toevoegen
          </Button>
        </Box>
        {candidates.error ? (
          <Alert severity="error">{errorMessage(candidates.error)}</Alert>
        ) : candidates.isPending ? (
          <PageLoader />
        ) : (
          <CandidateList candidates={open} selected={selected} onSelect={setSelected} />
        )}
        {/* In reach while the list is on screen, also halfway a long list on a phone. */}
        <Box
          sx={{
            position: chosen.length > 0 ? 'sticky' : 'static',
            bottom: 0,
            zIndex: 2,
            py: 1.5,
            mt: 1,
            bgcolor: 'background.default',
            display: 'flex',
            justifyContent: 'flex-end',
          }}
        >
          <Button
            variant="contained"
            size="large"
            disabled={chosen.length === 0 || plan.isPending}
            onClick={() => void onPlan()}
            sx={{ minHeight: 48, width: { xs: '100%', sm: 'auto' } }}
          >
            Inplannen ({chosen.length})
          </Button>
        </Box>
      </Box>
      {adding && <ConceptMachineDialog tasklistId={t.id} onClose={() => setAdding(false)} />}
      {editing && <TasklistEditDialog tasklist={t} onClose={() => setEditing(false)} />}
    </>
  );
}
