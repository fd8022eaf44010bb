import { INSPECTION_TYPES, QUESTIONNAIRE_STATUSES } from '@keurwijzer/shared/questionnaires';
import { categories, questions } from '../../src/db/schema/master-data';
import { questionnaireCategories, questionnaireQuestions, questionnaires } from '../../src/db/schema/questionnaires';
import { insertChunked, random, type Scenario } from '../lib';

export const QUESTION_COUNT = 2_000;
export const QUESTIONNAIRE_COUNT = 200;
const CATEGORY_COUNT = 40;
/** 5 x 10 = 50 questions per questionnaire (the goal's size). */
const CATEGORIES_PER_QUESTIONNAIRE = 5;
const QUESTIONS_PER_CATEGORY = 10;
/** How many different questionnaires the load cycles through. */
const PATH_COUNT = 50;

const SUBJECTS = [
  'noodstop',
  'beschermkap',
  'aardlekschakelaar',
  'isolatieweerstand',
  'beschermingsleiding',
  'snoer en stekker',
  'hydrauliekslang',
  'drukvat',
  'veiligheidsventiel',
  'remmen',
  'vorken',
  'hefketting',
  'zaagblad',
  'spindel',
  'afzuiging',
  'verlichting',
  'typeplaatje',
  'CE-markering',
  'gebruikershandleiding',
  'bedieningspaneel',
];
const CHECKS = ['aanwezig', 'onbeschadigd', 'goed bevestigd', 'functioneert', 'schoon', 'binnen de norm'];
const OPTIONS = [
  ['Goed', 'Matig', 'Slecht', 'n.v.t.'],
  ['Goed', 'Afgekeurd'],
  ['Ja', 'Nee', 'n.v.t.'],
];

/** The questionnaire ids the seed made, for the paths (the runner seeds before it reads them). */
let seededIds: number[] = [];

/**
 * A question bank of 2,000 questions, 40 categories, and 200 questionnaires of 5 categories x 10
 * questions, all with bulk inserts (a few statements per 1,000 rows).
 */
async function seed(db: Parameters<Scenario['seed']>[0]) {
  const rnd = random(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  /** `n` different numbers below `max`. */
  const sample = (n: number, max: number): number[] => {
    const chosen = new Set<number>();
    while (chosen.size < n) chosen.add(Math.floor(rnd() * max));
    return [...chosen];
  };

  const questionIds: number[] = [];
  await insertChunked(
    Array.from({ length: QUESTION_COUNT }, (_, i) => ({
      name: `Is de ${pick(SUBJECTS)} ${pick(CHECKS)}? (${i + 1})`,
      answerOptions: pick(OPTIONS),
      memoTitle: rnd() < 0.5 ? 'Opmerkingen' : null,
      order: i,
    })),
    1000,
    async (chunk) =>
      questionIds.push(...(await db.insert(questions).values(chunk).returning({ id: questions.id })).map((r) => r.id)),
  );
  const categoryIds = (
    await db
      .insert(categories)
      .values(Array.from({ length: CATEGORY_COUNT }, (_, i) => ({ name: `Categorie ${pick(SUBJECTS)} ${i + 1}` })))
      .returning({ id: categories.id })
  ).map((r) => r.id);

  const ids = (
    await db
      .insert(questionnaires)
      .values(
        Array.from({ length: QUESTIONNAIRE_COUNT }, (_, i) => ({
          name: `Vragenlijst ${i + 1}`,
          inspectionType: INSPECTION_TYPES[i % INSPECTION_TYPES.length]!,
          status: QUESTIONNAIRE_STATUSES[i % 3 === 0 ? 1 : 0]!,
        })),
      )
      .returning({ id: questionnaires.id })
  ).map((r) => r.id);

  const cats = ids.flatMap((questionnaireId) =>
    sample(CATEGORIES_PER_QUESTIONNAIRE, CATEGORY_COUNT).map((c, position) => ({
      questionnaireId,
      categoryId: categoryIds[c]!,
      position: position + 1,
    })),
  );
  const catIds: number[] = [];
  await insertChunked(cats, 1000, async (chunk) =>
    catIds.push(
      ...(await db.insert(questionnaireCategories).values(chunk).returning({ id: questionnaireCategories.id })).map(
        (r) => r.id,
      ),
    ),
  );
  const qs = catIds.flatMap((questionnaireCategoryId) =>
    sample(QUESTIONS_PER_CATEGORY, QUESTION_COUNT).map((q, position) => ({
      questionnaireCategoryId,
      questionId: questionIds[q]!,
      position: position + 1,
    })),
  );
  await insertChunked(qs, 2000, (chunk) => db.insert(questionnaireQuestions).values(chunk));
  seededIds = ids;
}

export const questionnairesScenario: Scenario = {
  name: 'questionnaires',
  title:
    `GET /api/questionnaires/{id}/detail (${QUESTIONNAIRE_COUNT} questionnaires of ` +
    `${CATEGORIES_PER_QUESTIONNAIRE} x ${QUESTIONS_PER_CATEGORY} questions, ${QUESTION_COUNT.toLocaleString('en')} in the bank)`,
  // The goal is PostgreSQL's. PGlite gets the users list's 50 ms for comparison only: its
  // one embedded connection serves the 20 connections in turn (~3.5 ms CPU each on the bench
  // machine), so its p95 is about 20 x that and misses by construction.
  goalP95Ms: { pglite: 50, postgres: 30 },
  as: 'admin',
  seed,
  // A spread of questionnaires, so the load does not read one and the same rows.
  get paths() {
    if (seededIds.length === 0) throw new Error('questionnaires scenario: paths read before seed');
    const step = Math.max(1, Math.floor(seededIds.length / PATH_COUNT));
    return seededIds.filter((_, i) => i % step === 0).map((id) => `/api/questionnaires/${id}/detail`);
  },
};
