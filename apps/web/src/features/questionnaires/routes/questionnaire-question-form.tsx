import { useParams } from 'react-router';
import { type z } from 'zod';
import { QuestionnaireQuestionInputSchema, type QuestionnaireQuestion } from '@keurwijzer/shared/questionnaires';
import { CrudFormPage } from '../../../components/crud-form-page';
import { SearchSelect } from '../../../components/search-select';
import {
  questionnaireCategoriesResource,
  questionnaireQuestionsResource,
  useQuestionOptions,
} from '../api/questionnaires';

type Values = { question_id: number | '' };

/** .../categories/{categoryId}/questions/create and .../questions/{questionId}/edit */
export default function QuestionnaireQuestionForm() {
  const params = useParams();
  const ref = { questionnaireId: Number(params.id), categoryId: Number(params.categoryId) };
  const { data: category } = questionnaireCategoriesResource.useItem(ref.categoryId, ref.questionnaireId);
  const back = `/admin/questionnaires/${ref.questionnaireId}/categories/${ref.categoryId}/questions`;
  return (
    <CrudFormPage<QuestionnaireQuestion, Values, z.output<typeof QuestionnaireQuestionInputSchema>, typeof ref>
      resource={questionnaireQuestionsResource}
      parentId={ref}
      id={params.questionId ? Number(params.questionId) : undefined}
      schema={QuestionnaireQuestionInputSchema as never}
      values={(q) => ({ question_id: q?.question_id ?? '' })}
      title={(q) => (q ? 'Vraag wijzigen' : 'Vraag toevoegen')}
      crumbs={(q) => [
        { label: 'Vragenlijsten', to: '/admin/questionnaires' },
        { label: category?.name ?? '…', to: back },
        { label: q ? q.name : 'Vraag toevoegen' },
      ]}
      backTo={back}
      fields={(control, item) => (
        <SearchSelect
          name="question_id"
          control={control}
          label="Vraag"
          required
          autoFocus
          helperText="Kies een vraag uit de vragenbank"
          noOptionsText="Geen vragen gevonden"
          useOptions={useQuestionOptions}
          getLabel={(o) => o.name}
          initial={item ? { id: item.question_id, name: item.name } : null}
        />
      )}
    />
  );
}
