import { sql } from 'drizzle-orm';
import type { NamedInput } from '@keurwijzer/shared/master-data';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/master-data';
import { questionnaireCategories } from '../../db/schema/questionnaires';
import { createCrudRepository } from '../../lib/crud';
import { qualified } from '../../lib/list-query';
import { plural, presentNamed } from '../../lib/presenters';

const usedIn = sql<number>`(select count(distinct ${questionnaireCategories.questionnaireId})::int from ${questionnaireCategories} where ${qualified(questionnaireCategories.categoryId)} = ${qualified(categories.id)})`;

/** The category bank (generic CRUD); a category used in a questionnaire cannot be deleted. */
export const createCategoriesRepository = (db: Db) =>
  createCrudRepository({
    db,
    table: categories,
    select: {
      id: categories.id,
      name: categories.name,
      createdAt: categories.createdAt,
      updatedAt: categories.updatedAt,
      questionnairesCount: usedIn.as('questionnaires_count'),
    },
    present: (row: typeof categories.$inferSelect & { questionnairesCount: number }) => ({
      ...presentNamed(row),
      questionnaires_count: row.questionnairesCount,
    }),
    values: (input: NamedInput) => ({ name: input.name }),
    sortColumns: { name: categories.name, created_at: categories.createdAt },
    searchColumns: [categories.name],
    unique: {
      column: categories.name,
      field: 'name',
      message: 'Er bestaat al een categorie met deze naam',
      constraint: 'categories_name_unique',
    },
    inUse: async (id, tx) => {
      const [row] = await tx
        .select({ n: sql<number>`count(distinct ${questionnaireCategories.questionnaireId})::int` })
        .from(questionnaireCategories)
        .where(sql`${questionnaireCategories.categoryId} = ${id}`);
      const n = row?.n ?? 0;
      return n > 0
        ? `Deze categorie wordt gebruikt in ${plural(n, 'vragenlijst', 'vragenlijsten')} en kan niet worden verwijderd.`
        : null;
    },
  });

export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
