import { memo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { REPORT_TEXT, type ReportQuestion } from '@keurwijzer/shared/reports';
import { TextInput } from '../../../components/form/text-input';
import { memoTitle } from './report-format';

const MEMO_MAX = 255;

/** The element of a question on the report screen (scrolled to and focused by "Naar eerste open vraag"). */
export const questionElementId = (questionId: number) => `question-${questionId}`;

/**
 * One question of the report screen: its name, the answer options as large buttons (one tap
 * answers; the chosen one filled, with a check and aria-pressed) and the memo under its title.
 * `missing`: the submit found it unanswered (red border and "Nog niet beantwoord").
 */
export const QuestionCard = memo(function QuestionCard({
  question,
  number,
  missing,
  onAnswer,
  onMemo,
}: {
  question: ReportQuestion;
  number: number;
  missing: boolean;
  onAnswer: (questionId: number, option: number) => void;
  onMemo: (questionId: number, text: string) => void;
}) {
  const chosen = question.answer?.option ?? null;
  const memoText = question.answer?.memo ?? '';
  const nameId = `${questionElementId(question.id)}-name`;
  const options = question.answer_options.length;
  const flagged = missing && chosen === null;
  return (
    <Box
      id={questionElementId(question.id)}
      role="group"
      aria-labelledby={nameId}
      tabIndex={-1}
      data-answered={chosen !== null}
      sx={{
        py: 2,
        px: { xs: 1.5, sm: 2 },
        border: 1,
        borderColor: flagged ? 'error.main' : 'divider',
        borderWidth: flagged ? 2 : 1,
        borderRadius: 1,
        scrollMarginTop: 180,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Typography id={nameId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {number}. {question.name}
      </Typography>
      {flagged && (
        <Typography color="error" variant="body2" sx={{ mb: 1 }}>
          {REPORT_TEXT.unanswered}
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: '1fr', sm: `repeat(${Math.min(options, 4)}, minmax(0, 1fr))` },
          mb: 2,
        }}
      >
        {question.answer_options.map((label, i) => {
          const selected = chosen === i + 1;
          return (
            <Button
              key={i}
              variant={selected ? 'contained' : 'outlined'}
              aria-pressed={selected}
              startIcon={selected ? <CheckIcon /> : undefined}
              onClick={() => onAnswer(question.id, i + 1)}
              sx={{ minHeight: 52, fontSize: '1rem', textTransform: 'none', justifyContent: 'center' }}
            >
              {label}
            </Button>
          );
        })}
      </Box>
      <TextInput
        label={memoTitle(question)}
        value={memoText}
        onChange={(e) => onMemo(question.id, e.target.value)}
        multiline
        minRows={1}
        size="small"
        counter={MEMO_MAX}
        slotProps={{ htmlInput: { maxLength: MEMO_MAX } }}
      />
    </Box>
  );
});
