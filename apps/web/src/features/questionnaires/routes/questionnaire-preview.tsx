import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import { PageHeader } from '../../../components/layout/page-header';
import { PageLoader } from '../../../components/feedback/page-loader';
import { errorMessage } from '../../../lib/api-client';
import { useQuestionnaireDetail } from '../../../lib/api/questionnaires';
import { QuestionnairePreview } from '../components/questionnaire-preview';
import { QuestionnaireStatusChip } from '../components/questionnaire-status';

/** admin/questionnaires/{id}/preview: the questionnaire as a mechanic will see it. */
export default function QuestionnairePreviewScreen() {
  const id = Number(useParams().id);
  const { data, isPending, error } = useQuestionnaireDetail(id);
  if (isPending) return <PageLoader />;
  if (error || !data) return <Alert severity="error">{errorMessage(error)}</Alert>;
  return (
    <>
      <PageHeader
        title={`Voorbeeld: ${data.name}`}
        crumbs={[
          { label: 'Vragenlijsten', to: '/admin/questionnaires' },
          { label: data.name, to: `/admin/questionnaires/${id}/categories` },
          { label: 'Voorbeeld' },
        ]}
        actions={
          <Button component={RouterLink} to={`/admin/questionnaires/${id}/categories`}>
            Categorieën en vragen wijzigen
          </Button>
        }
      />
      <Typography color="text.secondary" sx={{ mb: 2, display: 'flex', gap: 1, alignItems: 'center' }} component="div">
        {INSPECTION_TYPE_LABELS[data.inspection_type]} <QuestionnaireStatusChip status={data.status} />
      </Typography>
      <QuestionnairePreview detail={data} />
    </>
  );
}
