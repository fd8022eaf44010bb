import { useParams } from 'react-router';
import ListItemText from '@mui/material/ListItemText';
import {
  questionnaireCategoriesResource,
  questionnaireQuestionsResource,
  questionnairesResource,
  useReorder,
} from '../api/questionnaires';
import { OrderedListPage } from '../components/ordered-list-page';

/** admin/questionnaires/{id}/categories/{categoryId}/questions */
export default function QuestionnaireQuestions() {
  const params = useParams();
  const ref = { questionnaireId: Number(params.id), categoryId: Number(params.categoryId) };
  const categoriesPath = `/admin/questionnaires/${ref.questionnaireId}/categories`;
  const base = `${categoriesPath}/${ref.categoryId}/questions`;
  const { data: questionnaire } = questionnairesResource.useItem(ref.questionnaireId);
  const { data: category } = questionnaireCategoriesResource.useItem(ref.categoryId, ref.questionnaireId);
  const { data, isPending, error } = questionnaireQuestionsResource.useAll(ref);
  const remove = questionnaireQuestionsResource.useRemove(ref);
  const reorder = useReorder(`/api${base.replace('/admin', '')}/reorder`);
  const categoryName = category?.name ?? '…';

  return (
    <OrderedListPage
      title={`Vragen in ${categoryName}`}
      crumbs={[
        { label: 'Vragenlijsten', to: '/admin/questionnaires' },
        { label: questionnaire?.name ?? '…', to: categoriesPath },
        { label: categoryName },
      ]}
      items={data}
      loading={isPending}
      error={error}
      addLabel="Vraag toevoegen"
      addTo={`${base}/create`}
      editTo={(q) => `${base}/${q.id}/edit`}
      emptyTitle="Nog geen vragen"
      emptyText="Voeg vragen uit de vragenbank toe aan deze categorie."
      removeTitle="Vraag verwijderen"
      removeMessage={(q) =>
        `Weet je zeker dat je de vraag "${q.name}" uit deze categorie wilt verwijderen? De vraag blijft in de vragenbank.`
      }
      remove={(id) => remove.mutateAsync(id)}
      reorder={(ids) => reorder.mutateAsync(ids)}
      renderItem={(q) => <ListItemText primary={q.name} secondary={q.answer_options.join(' / ')} />}
    />
  );
}
