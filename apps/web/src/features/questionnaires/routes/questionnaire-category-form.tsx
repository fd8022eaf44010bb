import { useParams } from 'react-router';
import { QuestionnaireCategoryInputSchema } from '@keurwijzer/shared/questionnaires';
import { questionnaireCategoriesResource, useCategoryOptions } from '../../../lib/api/questionnaires';
import { BankItemForm } from '../components/bank-item-form';
import { useQuestionnaireCrumbs } from '../components/use-questionnaire-crumbs';

/** admin/questionnaires/{id}/categories/create and .../categories/{categoryId}/edit */
export default function QuestionnaireCategoryForm() {
  const params = useParams();
  const questionnaireId = Number(params.id);
  const crumbs = useQuestionnaireCrumbs({ questionnaireId });
  const back = `/admin/questionnaires/${questionnaireId}/categories`;
  return (
    <BankItemForm
      resource={questionnaireCategoriesResource}
      parentId={questionnaireId}
      id={params.categoryId ? Number(params.categoryId) : undefined}
      field="category_id"
      schema={QuestionnaireCategoryInputSchema}
      currentId={(c) => c.category_id}
      label="Categorie"
      helperText="Kies een categorie uit de lijst met categorieën"
      noOptionsText="Geen categorieën gevonden"
      useOptions={useCategoryOptions}
      addTitle="Categorie toevoegen"
      editTitle={(c) => `Categorie ${c.name} wijzigen`}
      crumbs={crumbs}
      backTo={back}
    />
  );
}
