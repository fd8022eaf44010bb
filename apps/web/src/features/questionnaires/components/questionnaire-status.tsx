import { QUESTIONNAIRE_STATUS_LABELS, type QuestionnaireStatus } from '@keurwijzer/shared/questionnaires';
import { StatusChip } from '../../../components/display/status-chip';

export function QuestionnaireStatusChip({ status }: { status: QuestionnaireStatus }) {
  return <StatusChip tone={status === 'active' ? 'success' : 'default'} label={QUESTIONNAIRE_STATUS_LABELS[status]} />;
}
