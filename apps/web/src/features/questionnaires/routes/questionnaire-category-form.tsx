import { useParams } from 'react-router';
import { QuestionnaireCategoryInputSchema } from '@keurwijzer/shared/questionnaires';
import { questionnaireCategoriesResource, questionnairesResource, useCategoryOptions } from '../api/questionnaires';
import { BankItemForm } from '../components/bank-item-form';

/** admin/questionnaires/{id}/categories/create and .../categories/{categoryId}/edit */
export default function QuestionnaireCategoryForm() {
  const params = useParams();
  const questionnaireId = Number(params.id);
  const { data: questionnaire } = questionnairesResource.useItem(questionnaireId);
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
      crumbs={[
        { label: 'Vragenlijsten', to: '/admin/questionnaires' },
        { label: questionnaire?.name ?? '…', to: back },
      ]}
      backTo={back}
    />
  );
}
