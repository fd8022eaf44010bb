import type { Crumb } from '../../../components/layout/page-header';
import { questionnaireCategoriesResource, questionnairesResource } from '../../../lib/api/questionnaires';

/**
 * Breadcrumbs Vragenlijsten > questionnaire > category, the trail above every screen under a
 * questionnaire: the questionnaire links to its categories, a category to its questions. Names
 * load on demand ("…" until they are there).
 */
export function useQuestionnaireCrumbs(ids: { questionnaireId: number; categoryId?: number }): Crumb[] {
  const { questionnaireId, categoryId = 0 } = ids;
  const questionnaire = questionnairesResource.useItem(questionnaireId).data;
  const category = questionnaireCategoriesResource.useItem(categoryId, questionnaireId, categoryId > 0).data;
  const base = `/admin/questionnaires/${questionnaireId}/categories`;
  const crumbs: Crumb[] = [
    { label: 'Vragenlijsten', to: '/admin/questionnaires' },
    { label: questionnaire?.name ?? '…', to: base },
  ];
  if (categoryId) crumbs.push({ label: category?.name ?? '…', to: `${base}/${categoryId}/questions` });
  return crumbs;
}
