import { memo, useEffect, useId, useState, type CSSProperties } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import CancelIcon from '@mui/icons-material/HighlightOff';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutline';
import { COMPLIANCE_TEXT, formatDecimal, parseMeasurement, type Judgement } from '@keurwijzer/shared/compliance';
import { REPORT_TEXT, type ReportQuestion } from '@keurwijzer/shared/reports';
import { TextInput } from '../../../components/form/text-input';
import { useMountInTurn } from '../../../lib/mount-in-turn';
import { JudgementIcon, judgementColor, judgementPalette } from '../../../components/judgement/judgement';
import { judgementOf, limitsOf, measurementInput, memoTitle } from './report-format';
import { PreviousHint } from './previous-hint';
import { AnswerPhotos, type AnswerPhoto } from './answer-photos';
import styles from './question-card.module.css';

const MEMO_MAX = 255;

/**
 * The memo is a plain textarea (`inputComponent`) that grows with its text through CSS
 * (`field-sizing: content`), not MUI's autosize, which measures every textarea with forced layouts
 * as it mounts: 40 of them were a large part of the report screen's start-up work. Without that
 * CSS (older Safari and Firefox) it is two lines that scroll.
 */
const MEMO_SX = { '& textarea': { fieldSizing: 'content', minHeight: '1.4375em', maxHeight: '12em' } } as const;

/**
 * The questions rendered whole with the screen's first paint (about what a phone or a desktop
 * shows of a report at first); the others when they come near the screen, or one per task once
 * the page is used (lib/mount-in-turn.ts).
 */
export const EAGER_QUESTIONS = 3;

/** The element of a question on the report screen (scrolled to and focused by "Naar eerste open vraag"). */
export const questionElementId = (questionId: number) => `question-${questionId}`;

const ICONS: Record<Judgement, typeof CheckIcon> = {
  good: CheckIcon,
  remark: InfoIcon,
  reject: CancelIcon,
  na: RemoveIcon,
};

/**
 * A measurement's value field: a text field with the decimal keyboard (a comma or a point), the
 * unit beside it, the limits under it ("max. 0,30 Ohm") and at once whether the value is within
 * them (colour, icon and words). What is typed is kept as typed; a value that parses goes to
 * `onValue` (canonical, "0.30"; null when emptied), something that does not says how to write it
 * and is not sent.
 */
function MeasurementField({
  question,
  onValue,
}: {
  question: ReportQuestion;
  onValue: (questionId: number, value: string | null) => void;
}) {
  const stored = question.answer?.value ?? null;
  const [text, setText] = useState(() => (stored === null ? '' : formatDecimal(stored)));
  // A value from elsewhere (the server, another device) replaces the text unless it says the same.
  useEffect(() => {
    setText((t) => ((parseMeasurement(t) ?? null) === stored ? t : stored === null ? '' : formatDecimal(stored)));
  }, [stored]);
  const input = measurementInput(text, question);
  const limits = limitsOf(question);
  const statusId = useId();
  const { within } = input;
  const judgement: Judgement | null = within === null ? null : within ? 'good' : 'reject';
  return (
    <Box sx={{ mb: 2 }}>
      <TextInput
        label={COMPLIANCE_TEXT.value}
        value={text}
        error={input.error !== null}
        helperText={input.error ?? `${COMPLIANCE_TEXT.limits}: ${limits}`}
        onChange={(e) => {
          setText(e.target.value);
          const next = measurementInput(e.target.value, question);
          if (next.send) onValue(question.id, next.value);
        }}
        fullWidth={false}
        sx={{ width: { xs: '100%', sm: 280 } }}
        slotProps={{
          htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 14 },
          input: question.unit ? { endAdornment: <InputAdornment position="end">{question.unit}</InputAdornment> } : {},
        }}
      />
      <Box id={statusId} role="status" aria-live="polite" sx={{ minHeight: 28, mt: 0.5 }}>
        {judgement && (
          <Box
            data-within={within}
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.75,
              fontWeight: 600,
              color: (t) => judgementColor(t, judgement),
            }}
          >
            <JudgementIcon judgement={judgement} />
            {within ? COMPLIANCE_TEXT.withinLimits : COMPLIANCE_TEXT.outsideLimits} ({limits})
          </Box>
        )}
        {input.warning && (
          <Typography variant="body2" data-warning sx={{ color: 'warning.main', mt: 0.5 }}>
            {input.warning}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/**
 * One question of the report screen: its name, the answer options as large buttons (one tap
 * answers; the chosen one filled in its judgement's colour with its icon, and aria-pressed), or a
 * measurement's value field; and the memo under its title. `missing`: the submit found it
 * unanswered (red border and "Nog niet beantwoord").
 */
export const QuestionCard = memo(function QuestionCard({
  question,
  number,
  missing,
  onAnswer,
  onMeasure,
  onMemo,
  onAddPhoto,
  onRemovePhoto,
  eager = true,
}: {
  /** With the photos as this device sees them (waiting uploads included). */
  question: ReportQuestion & { photos: AnswerPhoto[] };
  number: number;
  missing: boolean;
  /**
   * Rendered whole at once (the first questions of the screen); otherwise it starts as its frame
   * and name and gets its buttons and fields when it comes near the screen, or in its turn once
   * the page is used (lib/mount-in-turn.ts).
   */
  eager?: boolean;
  onAnswer: (questionId: number, option: number) => void;
  onMeasure: (questionId: number, value: string | null) => void;
  onMemo: (questionId: number, text: string) => void;
  /** A photo of the answer, made smaller on the device (without: the photos are read-only). */
  onAddPhoto?: (questionId: number, blob: Blob) => unknown;
  onRemovePhoto?: (questionId: number, photoId: string) => unknown;
}) {
  const measurement = question.kind === 'measurement';
  const chosen = measurement ? null : (question.answer?.option ?? null);
  const answered = measurement ? question.answer?.value != null : chosen !== null;
  const judgement = judgementOf(question, question.answer);
  const memoText = question.answer?.memo ?? '';
  const nameId = `${questionElementId(question.id)}-name`;
  const flagged = missing && !answered;
  const [frame, whole] = useMountInTurn<HTMLDivElement>(eager);
  return (
    <div
      ref={frame}
      id={questionElementId(question.id)}
      role="group"
      aria-labelledby={nameId}
      tabIndex={-1}
      className={whole ? styles.card : `${styles.card} ${styles.waiting}`}
      data-kind={question.kind}
      style={whole ? undefined : ({ '--options': measurement ? 2 : question.answer_options.length } as CSSProperties)}
      data-flagged={flagged}
      data-answered={answered}
      data-judgement={judgement ?? undefined}
    >
      <h3 id={nameId} className={styles.name}>
        {number}. {question.name}
      </h3>
      {whole && (
        <QuestionBody
          {...{ question, measurement, chosen, flagged, onAnswer, onMeasure, onMemo, onAddPhoto, onRemovePhoto }}
          memoText={memoText}
        />
      )}
    </div>
  );
});

/** A question card's answer part: the previous answer, the options or value, the memo and the photos. */
function QuestionBody({
  question,
  measurement,
  chosen,
  flagged,
  memoText,
  onAnswer,
  onMeasure,
  onMemo,
  onAddPhoto,
  onRemovePhoto,
}: {
  question: ReportQuestion & { photos: AnswerPhoto[] };
  measurement: boolean;
  chosen: number | null;
  flagged: boolean;
  memoText: string;
  onAnswer: (questionId: number, option: number) => void;
  onMeasure: (questionId: number, value: string | null) => void;
  onMemo: (questionId: number, text: string) => void;
  onAddPhoto?: (questionId: number, blob: Blob) => unknown;
  onRemovePhoto?: (questionId: number, photoId: string) => unknown;
}) {
  const options = question.answer_options.length;
  return (
    <>
      <PreviousHint previous={question.previous} />
      {flagged && (
        <Typography color="error" variant="body2" sx={{ mb: 1 }}>
          {REPORT_TEXT.unanswered}
        </Typography>
      )}
      {measurement ? (
        <MeasurementField question={question} onValue={onMeasure} />
      ) : (
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
            const j = question.answer_judgements[i] ?? 'remark';
            const palette = judgementPalette(j);
            const Icon = ICONS[j];
            return (
              <Button
                key={i}
                variant={selected ? 'contained' : 'outlined'}
                color={selected ? (palette === 'default' ? 'inherit' : palette) : 'primary'}
                aria-pressed={selected}
                data-judgement={selected ? j : undefined}
                startIcon={selected ? <Icon /> : undefined}
                onClick={() => onAnswer(question.id, i + 1)}
                sx={{ minHeight: 52, fontSize: '1rem', textTransform: 'none', justifyContent: 'center' }}
              >
                {label}
              </Button>
            );
          })}
        </Box>
      )}
      <TextInput
        label={memoTitle(question)}
        value={memoText}
        onChange={(e) => onMemo(question.id, e.target.value)}
        multiline
        size="small"
        counter={MEMO_MAX}
        slotProps={{ input: { inputComponent: 'textarea' }, htmlInput: { maxLength: MEMO_MAX, rows: 2 } }}
        sx={MEMO_SX}
      />
      <AnswerPhotos question={question} onAdd={onAddPhoto} onRemove={onRemovePhoto} />
    </>
  );
}
