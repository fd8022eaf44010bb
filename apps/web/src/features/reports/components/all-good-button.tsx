import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import SnackbarContent from '@mui/material/SnackbarContent';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import {
  REPORT_VERSION_TEXT,
  allGoodAnswers,
  allGoodConfirmText,
  allGoodDoneText,
} from '@keurwijzer/shared/report-versions';
import type { ReportCategory } from '@keurwijzer/shared/reports';
import { useConfirm } from '../../../components/feedback/confirm-dialog';

/** How long "Ongedaan maken" stays offered. */
const UNDO_MS = 10_000;

/**
 * "Alles goed" in a category's header: one tap, a confirmation ("Alle 3 open vragen van
 * Elektrisch beantwoorden met Goed?"), then each unanswered choice question with a Goed option gets
 * its first Goed option (allGoodAnswers: never a measurement, never an answered question). The
 * snackbar after it offers "Ongedaan maken", which takes exactly those answers back again (a
 * question answered otherwise since keeps its answer). Hidden when there is nothing to answer.
 */
export function AllGoodButton({
  category,
  onAnswer,
  onClearAnswer,
}: {
  category: ReportCategory;
  onAnswer: (questionId: number, option: number) => void;
  onClearAnswer: (questionId: number) => void;
}) {
  const confirm = useConfirm();
  const [done, setDone] = useState<{ questionId: number; option: number }[] | null>(null);
  const latest = useRef(category);
  latest.current = category;
  const answers = allGoodAnswers(category.questions);
  if (answers.length === 0 && !done) return null;

  const onClick = async () => {
    const ok = await confirm({
      title: REPORT_VERSION_TEXT.allGood,
      message: allGoodConfirmText(answers.length, category.name),
      confirmLabel: REPORT_VERSION_TEXT.allGood,
    });
    if (!ok) return;
    // The questions as they are after the dialog: an answer given meanwhile is not overwritten.
    const now = allGoodAnswers(latest.current.questions);
    for (const a of now) onAnswer(a.questionId, a.option);
    setDone(now);
  };
  const undo = () => {
    const given = done ?? [];
    setDone(null);
    const questions = new Map(latest.current.questions.map((q) => [q.id, q]));
    for (const a of given) {
      if (questions.get(a.questionId)?.answer?.option === a.option) onClearAnswer(a.questionId);
    }
  };

  return (
    <>
      {answers.length > 0 && (
        <Button
          color="success"
          variant="outlined"
          startIcon={<DoneAllIcon />}
          onClick={() => void onClick()}
          sx={{ minHeight: 48 }}
        >
          {REPORT_VERSION_TEXT.allGood}
        </Button>
      )}
      <Snackbar
        open={done !== null}
        autoHideDuration={UNDO_MS}
        onClose={(_e, reason) => reason !== 'clickaway' && setDone(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{ bottom: 'calc(8px + env(safe-area-inset-bottom, 0px))' }}
      >
        <SnackbarContent
          role="status"
          message={allGoodDoneText(done?.length ?? 0)}
          action={
            <Button color="inherit" size="small" onClick={undo} sx={{ fontWeight: 700, minHeight: 40 }}>
              {REPORT_VERSION_TEXT.allGoodUndo}
            </Button>
          }
        />
      </Snackbar>
    </>
  );
}
