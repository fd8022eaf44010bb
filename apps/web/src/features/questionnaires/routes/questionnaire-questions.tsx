import { useParams } from 'react-router';
import ListItemText from '@mui/material/ListItemText';
import { questionnaireQuestionsResource, useReorder } from '../../../lib/api/questionnaires';
import { questionKindText } from '../../../components/judgement/question-answers';
import { OrderedListPage } from '../components/ordered-list-page';
import { useQuestionnaireCrumbs } from '../components/use-questionnaire-crumbs';

/** admin/questionnaires/{id}/categories/{categoryId}/questions */
export default function QuestionnaireQuestions() {
  const params = useParams();
  const ref = { questionnaireId: Number(params.id), categoryId: Number(params.categoryId) };
  const categoriesPath = `/admin/questionnaires/${ref.questionnaireId}/categories`;
  const base = `${categoriesPath}/${ref.categoryId}/questions`;
  const crumbs = useQuestionnaireCrumbs(ref);
  const { data, isPending, error } = questionnaireQuestionsResource.useAll(ref);
  const remove = questionnaireQuestionsResource.useRemove(ref);
  const reorder = useReorder('questionnaire-questions', `/api${base.replace('/admin', '')}/reorder`);
  const categoryName = crumbs[2]!.label;

  return (
    <OrderedListPage
      title={`Vragen in ${categoryName}`}
      crumbs={[...crumbs.slice(0, 2), { label: categoryName }]}
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
      renderItem={(q) => (
        <ListItemText
          primary={q.name}
          secondary={q.kind === 'measurement' ? questionKindText(q) : q.answer_options.join(' / ')}
        />
      )}
    />
  );
}
