import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { REPORT_TEXT, type ReportCategory } from '@keurwijzer/shared/reports';
import { useConfirm } from '../../../components/feedback/confirm-dialog';
import { useNotify } from '../../../components/feedback/notifications';
import type { useReportFiller } from '../filler/use-report-filler';
import { CategorySection } from './category-section';
import type { VerdictOverride } from './verdict-panel';

type ReportFiller = ReturnType<typeof useReportFiller>;

/*
 * The parts of the open report's form (report-form.tsx): the mechanic's own verdict, the
 * categories with their questions, and the two buttons.
 */

/**
 * The mechanic's own verdict and its reason; `reasonMissing` says a reason is needed, scrolls to
 * its field and puts the focus there.
 */
export function useVerdictOverride() {
  const notify = useNotify();
  const [override, setOverride] = useState<VerdictOverride>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLInputElement>(null);
  const onOverride = (next: VerdictOverride) => {
    setOverride(next);
    if (reasonError && next?.reason.trim()) setReasonError(null);
  };
  const reasonMissing = (message: string) => {
    setReasonError(message);
    reasonRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    reasonRef.current?.focus({ preventScroll: true });
    notify(message, 'error');
  };
  return { override, onOverride, reasonError, reasonRef, reasonMissing };
}

/** "Overslaan" (after a confirmation) and "Terugzetten" of a category, each said in a notification. */
export function useCategorySkip(filler: Pick<ReportFiller, 'skip'>) {
  const confirm = useConfirm();
  const notify = useNotify();
  const onSkip = async (category: ReportCategory) => {
    const ok = await confirm({
      title: 'Categorie overslaan',
      message: REPORT_TEXT.skipConfirm,
      confirmLabel: 'Overslaan',
    });
    if (!ok) return;
    filler.skip(category.id, true);
    notify(REPORT_TEXT.categorySkipped);
  };
  const onRestore = (category: ReportCategory) => {
    filler.skip(category.id, false);
    notify(REPORT_TEXT.categoryRestored);
  };
  return { onSkip, onRestore };
}

/** The categories in order, their questions numbered on from one category to the next. */
export function ReportCategories({
  filler,
  missing,
  onSkip,
  onRestore,
}: {
  filler: ReportFiller;
  missing: ReadonlySet<number>;
  onSkip: (category: ReportCategory) => void;
  onRestore: (category: ReportCategory) => void;
}) {
  if (filler.categories.length === 0) return <Alert severity="info">{REPORT_TEXT.noQuestions}</Alert>;
  let number = 1;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {filler.categories.map((c) => {
        const first = number;
        number += c.questions.length;
        return (
          <CategorySection
            key={c.id}
            category={c}
            firstNumber={first}
            missing={missing}
            onAnswer={filler.answer}
            onMeasure={filler.measure}
            onMemo={filler.memo}
            onAddPhoto={filler.addPhoto}
            onRemovePhoto={filler.removePhoto}
            onClearAnswer={filler.clearAnswer}
            onSkip={onSkip}
            onRestore={onRestore}
          />
        );
      })}
    </Box>
  );
}

/** "Rapport indienen" and "Rapport afronden", a spinner in the one that runs. */
export function ReportButtons({
  busy,
  onSave,
  onSubmit,
}: {
  busy: 'save' | 'submit' | null;
  onSave: () => void;
  onSubmit: () => void;
}) {
  return (
    <Box
      sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, mt: 3, justifyContent: 'flex-end' }}
    >
      <Button
        variant="outlined"
        size="large"
        disabled={busy !== null}
        startIcon={busy === 'save' ? <CircularProgress size={18} color="inherit" /> : undefined}
        onClick={onSave}
        sx={{ minHeight: 52 }}
      >
        Rapport indienen
      </Button>
      <Button
        variant="contained"
        size="large"
        disabled={busy !== null}
        startIcon={busy === 'submit' ? <CircularProgress size={18} color="inherit" /> : undefined}
        onClick={onSubmit}
        sx={{ minHeight: 52 }}
      >
        Rapport afronden
      </Button>
    </Box>
  );
}
