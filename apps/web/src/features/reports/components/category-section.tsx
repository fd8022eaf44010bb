import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { REPORT_TEXT, type ReportCategory } from '@keurwijzer/shared/reports';
import { AllGoodButton } from './all-good-button';
import { EAGER_QUESTIONS, QuestionCard } from './question-card';
import { isAnswered } from './report-format';
import { StatusChip } from '../../../components/display/status-chip';

/**
 * One category of the report screen: its name and own progress, its questions, and "Categorie
 * overslaan"; a skipped category folds to its name with "Overgeslagen" and "Terugzetten".
 */
export function CategorySection({
  category,
  firstNumber,
  missing,
  onAnswer,
  onMeasure,
  onMemo,
  onAddPhoto,
  onRemovePhoto,
  onClearAnswer,
  onSkip,
  onRestore,
}: {
  category: ReportCategory;
  /** The number of its first question in the whole report. */
  firstNumber: number;
  missing: ReadonlySet<number>;
  onAnswer: (questionId: number, option: number) => void;
  onMeasure: (questionId: number, value: string | null) => void;
  onMemo: (questionId: number, text: string) => void;
  /** The answers' photos (answer-photos.tsx); the questions carry the photos this device sees. */
  onAddPhoto?: (questionId: number, blob: Blob) => unknown;
  onRemovePhoto?: (questionId: number, photoId: string) => unknown;
  /** Takes an answer back ("Alles goed"'s undo); without it there is no "Alles goed". */
  onClearAnswer?: (questionId: number) => void;
  onSkip: (category: ReportCategory) => void;
  onRestore: (category: ReportCategory) => void;
}) {
  const headingId = `category-${category.id}`;
  const total = category.questions.length;
  const answered = category.questions.filter(isAnswered).length;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 1.5, sm: 3 }, ...(category.skipped && { bgcolor: 'action.hover' }) }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h2" id={headingId} sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {category.name}
        </Typography>
        {category.skipped ? (
          <>
            <StatusChip size="medium" tone="warning" variant="filled" label={REPORT_TEXT.skippedCategory} />
            <Button onClick={() => onRestore(category)} sx={{ minHeight: 48 }}>
              Terugzetten
            </Button>
          </>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {answered} / {total}
            </Typography>
            {onClearAnswer && <AllGoodButton category={category} onAnswer={onAnswer} onClearAnswer={onClearAnswer} />}
            <Button color="inherit" onClick={() => onSkip(category)} sx={{ minHeight: 48 }}>
              Categorie overslaan
            </Button>
          </>
        )}
      </Box>
      {!category.skipped && (
        <>
          <LinearProgress
            variant="determinate"
            value={total ? (100 * answered) / total : 0}
            aria-label={`${category.name}: ${answered} van ${total} beantwoord`}
            sx={{ my: 1.5, height: 6, borderRadius: 3 }}
          />
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            {category.questions.map((q, i) => (
              <QuestionCard
                key={q.id}
                question={q}
                number={firstNumber + i}
                eager={firstNumber + i <= EAGER_QUESTIONS}
                missing={missing.has(q.id)}
                onAnswer={onAnswer}
                onMeasure={onMeasure}
                onMemo={onMemo}
                onAddPhoto={onAddPhoto}
                onRemovePhoto={onRemovePhoto}
              />
            ))}
          </Box>
        </>
      )}
    </Paper>
  );
}
