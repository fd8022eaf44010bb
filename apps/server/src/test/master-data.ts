import type { InspectionType, QuestionnaireStatus } from '@keurwijzer/shared/questionnaires';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { brandTypes, brands, categories, machineTypes, questions } from '../db/schema/master-data';
import { questionnaireCategories, questionnaireQuestions, questionnaires } from '../db/schema/questionnaires';

/**
 * Master-data rows straight into the database, for tests that need them as a given (the API
 * tests of each entity create theirs through the API). Names are unique per call.
 */
let seq = 0;
export const uniqueName = (prefix: string) => `${prefix} ${++seq}-${Math.random().toString(36).slice(2, 8)}`;

export async function createBrand(db: Db, name = uniqueName('Merk')) {
  const [row] = await db.insert(brands).values({ name }).returning();
  return row!;
}

export async function createBrandType(db: Db, brandId: number, name = uniqueName('Type')) {
  const [row] = await db.insert(brandTypes).values({ brandId, name }).returning();
  return row!;
}

export async function createMachineType(db: Db, name = uniqueName('Machinetype')) {
  const [row] = await db.insert(machineTypes).values({ name }).returning();
  return row!;
}

export async function createCategory(db: Db, name = uniqueName('Categorie')) {
  const [row] = await db.insert(categories).values({ name }).returning();
  return row!;
}

export async function createQuestion(db: Db, overrides: Partial<typeof questions.$inferInsert> = {}) {
  const [row] = await db
    .insert(questions)
    .values({
      name: uniqueName('Vraag'),
      answerOptions: ['Goed', 'Matig', 'Slecht', 'n.v.t.'],
      memoTitle: 'Opmerkingen',
      ...overrides,
    })
    .returning();
  return row!;
}

export type Built = {
  questionnaire: typeof questionnaires.$inferSelect;
  /** The questionnaire categories in order, each with its questionnaire questions in order. */
  categories: (typeof questionnaireCategories.$inferSelect & {
    questions: (typeof questionnaireQuestions.$inferSelect)[];
  })[];
};

/**
 * A questionnaire with `categories` new categories of `questions` new questions each, in bulk
 * (a handful of statements whatever the size).
 */
export async function createQuestionnaire(
  db: Db,
  opts: {
    name?: string;
    inspectionType?: InspectionType;
    status?: QuestionnaireStatus;
    categories?: number;
    questions?: number;
  } = {},
): Promise<Built> {
  const [questionnaire] = await db
    .insert(questionnaires)
    .values({
      name: opts.name ?? uniqueName('Vragenlijst'),
      inspectionType: opts.inspectionType ?? 'inspection',
      status: opts.status ?? 'active',
    })
    .returning();
  const nCats = opts.categories ?? 0;
  const nQs = opts.questions ?? 0;
  if (nCats === 0) return { questionnaire: questionnaire!, categories: [] };
  const bankCats = await db
    .insert(categories)
    .values(Array.from({ length: nCats }, () => ({ name: uniqueName('Categorie') })))
    .returning();
  const cats = await db
    .insert(questionnaireCategories)
    .values(bankCats.map((c, i) => ({ questionnaireId: questionnaire!.id, categoryId: c.id, position: i + 1 })))
    .returning();
  let qs: (typeof questionnaireQuestions.$inferSelect)[] = [];
  if (nQs > 0) {
    const bank = await db
      .insert(questions)
      .values(
        Array.from({ length: nCats * nQs }, () => ({
          name: uniqueName('Vraag'),
          answerOptions: ['Goed', 'Slecht'],
          memoTitle: null,
        })),
      )
      .returning();
    qs = await db
      .insert(questionnaireQuestions)
      .values(
        bank.map((q, i) => ({
          questionnaireCategoryId: cats[Math.floor(i / nQs)]!.id,
          questionId: q.id,
          position: (i % nQs) + 1,
        })),
      )
      .returning();
  }
  return {
    questionnaire: questionnaire!,
    categories: cats.map((c) => ({ ...c, questions: qs.filter((q) => q.questionnaireCategoryId === c.id) })),
  };
}

/** The structure of a questionnaire as stored: [category id, [question ids]] in position order. */
export async function storedStructure(db: Db, questionnaireId: number) {
  const cats = await db
    .select()
    .from(questionnaireCategories)
    .where(eq(questionnaireCategories.questionnaireId, questionnaireId))
    .orderBy(asc(questionnaireCategories.position), asc(questionnaireCategories.id));
  const qs =
    cats.length === 0
      ? []
      : await db
          .select()
          .from(questionnaireQuestions)
          .where(
            inArray(
              questionnaireQuestions.questionnaireCategoryId,
              cats.map((c) => c.id),
            ),
          )
          .orderBy(asc(questionnaireQuestions.position), asc(questionnaireQuestions.id));
  return cats.map((c) => ({
    id: c.id,
    categoryId: c.categoryId,
    position: c.position,
    questions: qs
      .filter((q) => q.questionnaireCategoryId === c.id)
      .map((q) => ({ id: q.id, questionId: q.questionId, position: q.position })),
  }));
}
