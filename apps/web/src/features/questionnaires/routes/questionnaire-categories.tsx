import { useParams } from 'react-router';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import QuizIcon from '@mui/icons-material/QuizOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { Link as RouterLink } from 'react-router';
import { RowAction, RowLink } from '../../../components/table/row-action';
import { questionnaireCategoriesResource, useReorder } from '../../../lib/api/questionnaires';
import { OrderedListPage } from '../components/ordered-list-page';
import { useQuestionnaireCrumbs } from '../components/use-questionnaire-crumbs';

/** admin/questionnaires/{id}/categories */
export default function QuestionnaireCategories() {
  const id = Number(useParams().id);
  const base = `/admin/questionnaires/${id}/categories`;
  const crumbs = useQuestionnaireCrumbs({ questionnaireId: id });
  const { data, isPending, error } = questionnaireCategoriesResource.useAll(id);
  const remove = questionnaireCategoriesResource.useRemove(id);
  const reorder = useReorder('questionnaire-categories', `/api/questionnaires/${id}/categories/reorder`);
  const name = crumbs[1]!.label;

  return (
    <OrderedListPage
      title={`Categorieën van ${name}`}
      crumbs={[crumbs[0]!, { label: name }]}
      items={data}
      loading={isPending}
      error={error}
      addLabel="Categorie toevoegen"
      addTo={`${base}/create`}
      editTo={(c) => `${base}/${c.id}/edit`}
      emptyTitle="Nog geen categorieën"
      emptyText="Voeg een categorie toe en daarna de vragen van die categorie."
      removeTitle="Categorie verwijderen"
      removeMessage={(c) =>
        `Weet je zeker dat je de categorie "${c.name}" uit deze vragenlijst wilt verwijderen?` +
        (c.questions_count
          ? ` De ${c.questions_count} vragen in deze categorie worden ook uit de vragenlijst verwijderd.`
          : '')
      }
      remove={(categoryId) => remove.mutateAsync(categoryId)}
      reorder={(ids) => reorder.mutateAsync(ids)}
      renderItem={(c) => (
        <ListItemText
          // The category's own screen is its questions.
          primary={<RowLink to={`${base}/${c.id}/questions`}>{c.name}</RowLink>}
          secondary={c.questions_count === 1 ? '1 vraag' : `${c.questions_count} vragen`}
        />
      )}
      rowActions={(c) => (
        <RowAction label={`Vragen van ${c.name}`} icon={<QuizIcon />} to={`${base}/${c.id}/questions`} />
      )}
      headerActions={
        <Button component={RouterLink} to={`/admin/questionnaires/${id}/preview`} startIcon={<VisibilityIcon />}>
          Voorbeeld
        </Button>
      }
    />
  );
}
