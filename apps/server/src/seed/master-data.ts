import type { DueType } from '@keurwijzer/shared/compliance';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import type { Executor } from '../db/client';
import { inspectionIntervals } from '../db/schema/compliance';
import { brandTypes, brands, categories, machineTypes, questions } from '../db/schema/master-data';
import { questionnaireCategories, questionnaireQuestions, questionnaires } from '../db/schema/questionnaires';
import {
  BANK,
  BRANDS,
  DEMO_INTERVALS,
  JUDGEMENTS,
  MACHINE_TYPES,
  OPTIONS,
  QUESTIONNAIRES,
  type Measure,
  type Q,
} from './master-data-rows';

const isMeasure = (q: Q): q is Measure => !Array.isArray(q);
const nameOf = (q: Q) => (isMeasure(q) ? q.name : q[0]);

/** The name of the active demo questionnaire of this inspection type for this machine type, if any. */
export function demoQuestionnaireFor(machineType: string, type: InspectionType): string | undefined {
  return QUESTIONNAIRES.find((q) => q.status === 'active' && q.type === type && q.machineTypes.includes(machineType))
    ?.name;
}

/** Realistic Dutch master data and questionnaires of every inspection type (demo only). */
export async function seedMasterData(tx: Executor): Promise<void> {
  const brandRows = await tx
    .insert(brands)
    .values(Object.keys(BRANDS).map((name) => ({ name })))
    .returning({ id: brands.id, name: brands.name });
  await tx
    .insert(brandTypes)
    .values(brandRows.flatMap((b) => BRANDS[b.name]!.map((name) => ({ brandId: b.id, name }))));
  const typeRows = await tx
    .insert(machineTypes)
    .values(MACHINE_TYPES.map((name) => ({ name })))
    .returning({ id: machineTypes.id, name: machineTypes.name });
  await tx.insert(inspectionIntervals).values(
    typeRows.flatMap((t) =>
      Object.entries(DEMO_INTERVALS[t.name] ?? {}).map(([type, months]) => ({
        machineTypeId: t.id,
        inspectionType: type as DueType,
        months,
      })),
    ),
  );

  const categoryRows = await tx
    .insert(categories)
    .values(Object.keys(BANK).map((name) => ({ name })))
    .returning({ id: categories.id, name: categories.name });
  const categoryId = new Map(categoryRows.map((c) => [c.name, c.id]));
  let order = 0;
  const questionRows = await tx
    .insert(questions)
    .values(
      Object.values(BANK)
        .flat()
        .map((q) =>
          isMeasure(q)
            ? {
                name: q.name,
                kind: 'measurement' as const,
                answerOptions: [],
                answerJudgements: [],
                unit: q.unit,
                minValue: q.min ?? null,
                maxValue: q.max ?? null,
                memoTitle: q.memo ?? 'Opmerkingen',
                order: (order += 10),
              }
            : {
                name: q[0],
                answerOptions: OPTIONS[q[1]],
                answerJudgements: q[3] ?? JUDGEMENTS[q[1]],
                memoTitle: q[2] ?? 'Opmerkingen',
                order: (order += 10),
              },
        ),
    )
    .returning({ id: questions.id, name: questions.name });
  const questionId = new Map(questionRows.map((q) => [q.name, q.id]));

  for (const q of QUESTIONNAIRES) {
    const [row] = await tx
      .insert(questionnaires)
      .values({ name: q.name, inspectionType: q.type, status: q.status })
      .returning({ id: questionnaires.id });
    const qcRows = await tx
      .insert(questionnaireCategories)
      .values(
        q.categories.map((name, i) => ({
          questionnaireId: row!.id,
          categoryId: categoryId.get(name)!,
          position: i + 1,
        })),
      )
      .returning({ id: questionnaireCategories.id, categoryId: questionnaireCategories.categoryId });
    await tx.insert(questionnaireQuestions).values(
      qcRows.flatMap((qcRow) => {
        const name = q.categories.find((c) => categoryId.get(c) === qcRow.categoryId)!;
        return BANK[name]!.map((question, i) => ({
          questionnaireCategoryId: qcRow.id,
          questionId: questionId.get(nameOf(question))!,
          position: i + 1,
        }));
      }),
    );
  }
}
