import Box from '@mui/material/Box';
import { JUDGEMENT_LABELS, QUESTION_KIND_LABELS, formatLimits, type Judgement } from '@keurwijzer/shared/compliance';
import type { Question } from '@keurwijzer/shared/master-data';
import { JudgementIcon } from './judgement';

type Answers = Pick<Question, 'kind' | 'answer_options' | 'answer_judgements' | 'unit' | 'min_value' | 'max_value'>;

/** "Meting: min. 1,0 MOhm" or "Antwoordopties". */
export function questionKindText(q: Answers): string {
  return q.kind === 'measurement'
    ? `${QUESTION_KIND_LABELS.measurement}: ${formatLimits(q.min_value, q.max_value, q.unit)}`
    : QUESTION_KIND_LABELS.choice;
}

/**
 * What a question asks for in a line: "Goed / Matig / Slecht" with each judgement's icon in its
 * colour (an image named "Oordeel: Goed" for screen readers), or a measurement with its limits.
 */
export function QuestionAnswers({ question }: { question: Answers }) {
  if (question.kind === 'measurement') {
    return <span>{questionKindText(question)}</span>;
  }
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.5 }}>
      {question.answer_options.map((option, i) => {
        const j: Judgement = question.answer_judgements[i] ?? 'remark';
        return (
          <Box component="span" key={i} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            {i > 0 && '/ '}
            <JudgementIcon judgement={j} fontSize="inherit" label={`Oordeel: ${JUDGEMENT_LABELS[j]}`} />
            {option}
            {i < question.answer_options.length - 1 && ' '}
          </Box>
        );
      })}
    </Box>
  );
}
