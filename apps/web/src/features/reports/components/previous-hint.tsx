import Typography from '@mui/material/Typography';
import { JUDGEMENT_LABELS } from '@keurwijzer/shared/compliance';
import { previousAnswerText } from '@keurwijzer/shared/report-versions';
import type { PreviousAnswer } from '@keurwijzer/shared/reports';
import { formatDate } from '../../../lib/format';

/**
 * The previous report's answer of a question, as a quiet caption under its name: "Vorige keuring
 * (12-03-2026): 0,28 Ohm". The judgement is said in words for a screen reader too
 * when the text does not already say it ("Slecht" is Afkeur).
 */
export function PreviousHint({ previous }: { previous: PreviousAnswer | null }) {
  if (!previous) return null;
  const judgement = previous.judgement ? JUDGEMENT_LABELS[previous.judgement] : null;
  const extra = judgement && judgement.toLowerCase() !== previous.text.toLowerCase() ? ` (${judgement})` : '';
  return (
    <Typography variant="body2" color="text.secondary" data-testid="previous-answer" sx={{ mt: -0.5, mb: 1 }}>
      {previousAnswerText(previous.text, formatDate(previous.submitted_at))}
      {extra}
    </Typography>
  );
}
