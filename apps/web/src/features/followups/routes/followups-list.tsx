import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import {
  FOLLOWUP_STATUS_LABELS,
  FOLLOWUP_TEXT,
  type Followup,
  type FollowupStatus,
} from '@keurwijzer/shared/followups';
import { EmptyState } from '../../../components/feedback/empty-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { useConfirmedAction } from '../../../components/feedback/use-confirmed-action';
import { PageHeader } from '../../../components/layout/page-header';
import { errorMessage } from '../../../lib/api-client';
import { useFollowupMalfunction, useFollowupReopen, useFollowups } from '../api/followups';
import { DoneDialog } from '../components/done-dialog';
import { FollowupCard } from '../components/followup-card';
import { ReinspectionDialog } from '../components/reinspection-dialog';

/**
 * admin/actions ("Acties"): the follow-ups of rejected answers, open or done (a tab, kept in the
 * URL), newest first; handled by hand ("Afgehandeld" with a note), made a malfunction ("Storing
 * aanmaken", confirmed) or planned for a re-inspection (a dialog: an open list or a date).
 */
export default function FollowupsList() {
  const [params, setParams] = useSearchParams();
  const status: FollowupStatus = params.get('status') === 'done' ? 'done' : 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useFollowups(status, page);
  const run = useConfirmedAction();
  const malfunction = useFollowupMalfunction();
  const reopen = useFollowupReopen();
  const [doing, setDoing] = useState<Followup | null>(null);
  const [planning, setPlanning] = useState<Followup | null>(null);
  const busy = malfunction.isPending || reopen.isPending;

  const onMalfunction = (f: Followup) =>
    run(
      {
        title: 'Storing aanmaken',
        message: `Een storing aanmaken voor ${f.machine.name} (${f.machine.inventory_number}) met "${f.question_name}: ${f.finding.text}"? De actie wordt daarmee afgehandeld.`,
        confirmLabel: 'Storing aanmaken',
      },
      () => malfunction.mutateAsync(f.id),
    );
  const onReopen = (f: Followup) =>
    run(
      {
        title: 'Actie heropenen',
        message: `De actie voor ${f.machine.name} (${f.question_name}) weer openzetten?`,
        confirmLabel: 'Heropenen',
      },
      () => reopen.mutateAsync(f.id),
    );

  const rows = list.data?.data ?? [];
  return (
    <>
      <PageHeader title={FOLLOWUP_TEXT.title} />
      <Tabs
        value={status}
        onChange={(_e, value: FollowupStatus) => setParams(value === 'open' ? {} : { status: value })}
        aria-label="Status"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="open" label={FOLLOWUP_STATUS_LABELS.open} />
        <Tab value="done" label={FOLLOWUP_STATUS_LABELS.done} />
      </Tabs>
      {list.error ? (
        <Alert severity="error">{errorMessage(list.error)}</Alert>
      ) : list.isPending ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <EmptyState title={status === 'open' ? 'Geen open acties' : 'Nog geen afgehandelde acties'}>
          {status === 'open'
            ? 'Elke afkeur in een ingediend rapport komt hier als actie te staan.'
            : 'Acties die zijn afgehandeld of door een goedgekeurde herkeuring zijn gesloten, staan hier.'}
        </EmptyState>
      ) : (
        <>
          <Box
            component="ul"
            aria-label={`Acties: ${FOLLOWUP_STATUS_LABELS[status].toLowerCase()}`}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
          >
            {rows.map((f) => (
              <FollowupCard
                key={f.id}
                followup={f}
                busy={busy}
                onDone={() => setDoing(f)}
                onMalfunction={() => void onMalfunction(f)}
                onReinspection={() => setPlanning(f)}
                onReopen={() => void onReopen(f)}
              />
            ))}
          </Box>
          {list.data && list.data.meta.lastPage > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
              <Pagination
                page={page}
                count={list.data.meta.lastPage}
                onChange={(_e, p) => setParams(status === 'open' ? { page: String(p) } : { status, page: String(p) })}
                getItemAriaLabel={(type, p) =>
                  type === 'page' ? `Pagina ${p}` : type === 'next' ? 'Volgende pagina' : 'Vorige pagina'
                }
              />
            </Box>
          )}
        </>
      )}
      {doing && <DoneDialog followup={doing} onClose={() => setDoing(null)} />}
      {planning && <ReinspectionDialog followup={planning} onClose={() => setPlanning(null)} />}
    </>
  );
}
