import Chip from '@mui/material/Chip';
import { QUESTIONNAIRE_STATUS_LABELS, type QuestionnaireStatus } from '@keurwijzer/shared/questionnaires';

export function QuestionnaireStatusChip({ status }: { status: QuestionnaireStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={status === 'active' ? 'success' : 'default'}
      label={QUESTIONNAIRE_STATUS_LABELS[status]}
    />
  );
}
