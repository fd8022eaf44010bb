import { useQuery } from '@tanstack/react-query';
import { useChange } from '../query-client';
import type { Category, Question } from '@keurwijzer/shared/master-data';
import type {
  Questionnaire,
  QuestionnaireCategory,
  QuestionnaireDetail,
  QuestionnaireFormValues,
  QuestionnaireCategoryFormValues,
  QuestionnaireQuestionFormValues,
  QuestionnaireQuestion,
} from '@keurwijzer/shared/questionnaires';
import { apiGet, apiSend } from '../api-client';
import { createResource } from '../resource';

export const questionnairesResource = createResource<Questionnaire, QuestionnaireFormValues>(
  'questionnaires',
  () => '/api/questionnaires',
);

/** The categories of a questionnaire: /api/questionnaires/{id}/categories. */
export const questionnaireCategoriesResource = createResource<QuestionnaireCategory, QuestionnaireCategoryFormValues>(
  'questionnaire-categories',
  (questionnaireId) => `/api/questionnaires/${questionnaireId}/categories`,
);

export type CategoryRef = { questionnaireId: number; categoryId: number };

/** The questions of a questionnaire category: /api/questionnaires/{id}/categories/{categoryId}/questions. */
export const questionnaireQuestionsResource = createResource<
  QuestionnaireQuestion,
  QuestionnaireQuestionFormValues,
  CategoryRef
>(
  'questionnaire-questions',
  (ref) => `/api/questionnaires/${ref!.questionnaireId}/categories/${ref!.categoryId}/questions`,
);

/** The whole questionnaire with its categories and questions in order (the preview). */
export function useQuestionnaireDetail(id: number) {
  return useQuery({
    queryKey: ['questionnaires', 'detail-full', id],
    queryFn: async () => (await apiGet<QuestionnaireDetail>(`/api/questionnaires/${id}/detail`)).data,
  });
}

/** Saves a new order (ids first to last). */
export const useReorder = (resource: 'questionnaire-categories' | 'questionnaire-questions', path: string) =>
  useChange(resource, (ids: number[]) => apiSend<null>(path, { ids }));

export const useDuplicateQuestionnaire = () =>
  useChange('questionnaires', (id: number) => apiSend<Questionnaire>(`/api/questionnaires/${id}/duplicate`));

/** A choice from the category or question bank. */
export type BankOption = { id: number; name: string };

/** Choices from the category bank and the question bank, searched on the server. */
export const useCategoryOptions = (search: string) =>
  useQuery({
    queryKey: ['categories', 'options', search],
    queryFn: async (): Promise<BankOption[]> =>
      (await apiGet<Category[]>('/api/categories', { search, itemsPerPage: 20, sortKey: 'name' })).data,
  });

export const useQuestionOptions = (search: string) =>
  useQuery({
    queryKey: ['questions', 'options', search],
    queryFn: async (): Promise<BankOption[]> =>
      (await apiGet<Question[]>('/api/questions', { search, itemsPerPage: 20, sortKey: 'name' })).data,
  });
