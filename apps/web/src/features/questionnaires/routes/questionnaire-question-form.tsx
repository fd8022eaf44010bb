import { useParams } from 'react-router';
import { QuestionnaireQuestionInputSchema } from '@keurwijzer/shared/questionnaires';
import { questionnaireQuestionsResource, useQuestionOptions } from '../../../lib/api/questionnaires';
import { BankItemForm } from '../components/bank-item-form';
import { useQuestionnaireCrumbs } from '../components/use-questionnaire-crumbs';

/** .../categories/{categoryId}/questions/create and .../questions/{questionId}/edit */
export default function QuestionnaireQuestionForm() {
  const params = useParams();
  const ref = { questionnaireId: Number(params.id), categoryId: Number(params.categoryId) };
  const crumbs = useQuestionnaireCrumbs(ref);
  const back = `/admin/questionnaires/${ref.questionnaireId}/categories/${ref.categoryId}/questions`;
  return (
    <BankItemForm
      resource={questionnaireQuestionsResource}
      parentId={ref}
      id={params.questionId ? Number(params.questionId) : undefined}
      field="question_id"
      schema={QuestionnaireQuestionInputSchema}
      currentId={(q) => q.question_id}
      label="Vraag"
      helperText="Kies een vraag uit de vragenbank"
      noOptionsText="Geen vragen gevonden"
      useOptions={useQuestionOptions}
      addTitle="Vraag toevoegen"
      editTitle={() => 'Vraag wijzigen'}
      crumbs={crumbs}
      backTo={back}
    />
  );
}
