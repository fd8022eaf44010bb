import { useParams } from 'react-router';
import { type z } from 'zod';
import { QuestionnaireCategoryInputSchema, type QuestionnaireCategory } from '@keurwijzer/shared/questionnaires';
import { CrudFormPage } from '../../../components/crud-form-page';
import { SearchSelect } from '../../../components/search-select';
import { questionnaireCategoriesResource, questionnairesResource, useCategoryOptions } from '../api/questionnaires';

type Values = { category_id: number | '' };

/** admin/questionnaires/{id}/categories/create and .../categories/{categoryId}/edit */
export default function QuestionnaireCategoryForm() {
  const params = useParams();
  const questionnaireId = Number(params.id);
  const { data: questionnaire } = questionnairesResource.useItem(questionnaireId);
  const back = `/admin/questionnaires/${questionnaireId}/categories`;
  return (
    <CrudFormPage<QuestionnaireCategory, Values, z.output<typeof QuestionnaireCategoryInputSchema>>
      resource={questionnaireCategoriesResource}
      parentId={questionnaireId}
      id={params.categoryId ? Number(params.categoryId) : undefined}
      schema={QuestionnaireCategoryInputSchema as never}
      values={(c) => ({ category_id: c?.category_id ?? '' })}
      title={(c) => (c ? `Categorie ${c.name} wijzigen` : 'Categorie toevoegen')}
      crumbs={(c) => [
        { label: 'Vragenlijsten', to: '/admin/questionnaires' },
        { label: questionnaire?.name ?? '…', to: back },
        { label: c ? c.name : 'Categorie toevoegen' },
      ]}
      backTo={back}
      fields={(control, item) => (
        <SearchSelect
          name="category_id"
          control={control}
          label="Categorie"
          required
          autoFocus
          helperText="Kies een categorie uit de lijst met categorieën"
          noOptionsText="Geen categorieën gevonden"
          useOptions={useCategoryOptions}
          getLabel={(o) => o.name}
          initial={item ? { id: item.category_id, name: item.name } : null}
        />
      )}
    />
  );
}
