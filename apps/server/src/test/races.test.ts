import { describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { sessions } from '../db/schema/sessions';
import { machineMoves } from '../db/schema/machines';
import { questionnaireCategories, questionnaireQuestions, questionnaires } from '../db/schema/questionnaires';
import { userTokens, users } from '../db/schema/users';
import {
  createBrand,
  createCategory,
  createCustomer,
  createDepartment,
  createLocation,
  createMachine,
  createPlacementChain,
  createQuestion,
  createQuestionnaire,
  uniqueName,
} from './factories';
import { TestClient } from './client';
import { userBody } from './helpers';
import { useTestApp } from './use-test-app';

/**
 * Every state change under concurrency: ten identical requests at once, as a
 * double-clicking user or a retrying proxy sends them. Exactly one changes the state; the others
 * get the 404, 409 or 422 that the same request gets right after it, never a 500 and never a
 * second success. Meant for PostgreSQL (project server-pg), where the requests really overlap;
 * on PGlite (one connection) they run one after the other and must answer the same.
 */
const t = useTestApp();
const TEN = 10;

const tenAtOnce = (call: () => Promise<LightMyRequestResponse>) =>
  Promise.all(Array.from({ length: TEN }, () => call()));

/** The status codes, sorted, with the bodies of anything unexpected in the failure message. */
function expectStatuses(answers: LightMyRequestResponse[], expected: number[]) {
  const got = answers.map((r) => r.statusCode).sort();
  const bodies = answers
    .filter((r) => r.statusCode >= 500)
    .map((r) => r.body)
    .join('\n');
  expect(got, bodies).toEqual([...expected].sort());
}
const oneThen = (first: number, rest: number) => [first, ...Array<number>(TEN - 1).fill(rest)];

describe('generic CRUD (lib/crud.ts)', () => {
  it('deletes a brand once: one 200, nine 404', async () => {
    const brand = await createBrand(t.db);
    const answers = await tenAtOnce(() => t.admin.delete(`/api/brands/${brand.id}`));
    expectStatuses(answers, oneThen(200, 404));
    expect(answers.find((r) => r.statusCode === 200)!.json().message).toBe('Merk is verwijderd');
  });

  it('deletes a nested item (a room) once: one 200, nine 404', async () => {
    const c = await createPlacementChain(t.db);
    const path = `/api/customers/${c.customer.id}/locations/${c.location.id}/departments/${c.department.id}/rooms/${c.room.id}`;
    expectStatuses(await tenAtOnce(() => t.admin.delete(path)), oneThen(200, 404));
  });

  it('deletes a customer, a location and a department once each', async () => {
    const customer = await createCustomer(t.db);
    expectStatuses(await tenAtOnce(() => t.admin.delete(`/api/customers/${customer.id}`)), oneThen(200, 404));
    const c = await createPlacementChain(t.db);
    const department = await createDepartment(t.db, c.location.id);
    const departmentPath = `/api/customers/${c.customer.id}/locations/${c.location.id}/departments/${department.id}`;
    expectStatuses(await tenAtOnce(() => t.admin.delete(departmentPath)), oneThen(200, 404));
    const location = await createLocation(t.db, c.customer.id);
    const locationPath = `/api/customers/${c.customer.id}/locations/${location.id}`;
    expectStatuses(await tenAtOnce(() => t.admin.delete(locationPath)), oneThen(200, 404));
  });

  it('creates one brand of a name: one 201, nine 422 with the field message', async () => {
    const name = uniqueName('Gelijk');
    const answers = await tenAtOnce(() => t.admin.post('/api/brands', { body: { name } }));
    expectStatuses(answers, oneThen(201, 422));
    for (const res of answers.filter((r) => r.statusCode === 422)) {
      expect(res.json().errors).toEqual({ name: ['Er bestaat al een merk met deze naam'] });
    }
  });

  it('renames ten brands to one name: one 200, nine 422', async () => {
    const name = uniqueName('Zelfde');
    const brands = await Promise.all(Array.from({ length: TEN }, () => createBrand(t.db)));
    const answers = await Promise.all(brands.map((b) => t.admin.put(`/api/brands/${b.id}`, { body: { name } })));
    expectStatuses(answers, oneThen(200, 422));
  });

  it('answers 404, never 500, to updates of an item deleted at the same time', async () => {
    const brand = await createBrand(t.db);
    const answers = await Promise.all([
      t.admin.delete(`/api/brands/${brand.id}`),
      ...Array.from({ length: TEN - 1 }, (_, i) =>
        t.admin.put(`/api/brands/${brand.id}`, { body: { name: uniqueName(`Nieuw ${i}`) } }),
      ),
    ]);
    expect(answers[0]!.statusCode, answers[0]!.body).toBe(200);
    for (const res of answers.slice(1)) expect([200, 404], res.body).toContain(res.statusCode);
  });
});

describe('users', () => {
  it('archives once (one 200, nine 409) and restores once, and the sessions end', async () => {
    const { user, client } = await t.signIn('mechanic');
    const archived = await tenAtOnce(() => t.admin.post(`/api/users/${user.id}/archive`));
    expectStatuses(archived, oneThen(200, 409));
    expect((await client.get('/api/authorized')).statusCode).toBe(401);
    expect(await t.db.$count(sessions, eq(sessions.userId, user.id))).toBe(0);
    const restored = await tenAtOnce(() => t.admin.post(`/api/users/${user.id}/restore`));
    expectStatuses(restored, oneThen(200, 409));
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.archivedAt).toBeNull();
  });

  it('resends an invitation ten times at once, leaving exactly one link that works', async () => {
    const created = await t.admin.post('/api/users', { body: userBody() });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expectStatuses(await tenAtOnce(() => t.admin.post(`/api/resend-invitation/${id}`)), Array<number>(TEN).fill(200));
    const open = await t.db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.userId, id), eq(userTokens.type, 'invitation'), isNull(userTokens.usedAt)));
    expect(open).toHaveLength(1);
  });

  it('refuses the resends that come after an archive at the same time (409), never a 500', async () => {
    const created = await t.admin.post('/api/users', { body: userBody() });
    const id = created.json().data.id as number;
    const answers = await Promise.all([
      t.admin.post(`/api/users/${id}/archive`),
      ...Array.from({ length: TEN - 1 }, () => t.admin.post(`/api/resend-invitation/${id}`)),
    ]);
    expect(answers[0]!.statusCode, answers[0]!.body).toBe(200);
    for (const res of answers.slice(1)) expect([200, 409], res.body).toContain(res.statusCode);
  });

  it('lets an activation and resends of its invitation at once wait in turn, never a deadlock (500)', async () => {
    const password = 'Sterk!Wachtwoord9-Lang';
    for (let round = 0; round < 40; round++) {
      const body = userBody();
      const created = await t.admin.post('/api/users', { body });
      const id = created.json().data.id as number;
      await t.mails.drain();
      const token = /\/activate\/([\w-]+)/.exec(t.mailer.sent.findLast((m) => m.to === body.email)!.text)![1]!;
      const visitor = new TestClient(t.app);
      await visitor.fetchToken();
      // The resends start while the activation hashes its password, a little later each round.
      const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const [activated, ...resent] = await Promise.all([
        visitor.post('/api/activate', { body: { token, password, password_confirmation: password } }),
        ...Array.from({ length: 4 }, (_, i) =>
          later((round % 10) + i).then(() => t.admin.post(`/api/resend-invitation/${id}`)),
        ),
      ]);
      expect([200, 422], activated!.body).toContain(activated!.statusCode);
      for (const res of resent) expect([200, 409], res.body).toContain(res.statusCode);
      const [row] = await t.db.select().from(users).where(eq(users.id, id));
      expect(row!.activatedAt !== null).toBe(activated!.statusCode === 200);
    }
  });

  it('changes a role under a lock: ten changes at once end the sessions and never answer 500', async () => {
    const { user, client } = await t.signIn('mechanic');
    const answers = await Promise.all(
      Array.from({ length: TEN }, (_, i) =>
        t.admin.put(`/api/users/${user.id}`, {
          body: userBody({ email: user.email, role: i % 2 ? 'admin' : 'mechanic' }),
        }),
      ),
    );
    expectStatuses(answers, Array<number>(TEN).fill(200));
    expect((await client.get('/api/authorized')).statusCode).toBe(401);
  });
});

describe('customers', () => {
  it('archives once and restores once: one 200, nine 409', async () => {
    const customer = await createCustomer(t.db);
    expectStatuses(await tenAtOnce(() => t.admin.post(`/api/customers/${customer.id}/archive`)), oneThen(200, 409));
    expectStatuses(await tenAtOnce(() => t.admin.post(`/api/customers/${customer.id}/restore`)), oneThen(200, 409));
  });
});

describe('questionnaires', () => {
  it('duplicates ten times at once: ten copies, each with its own free name and the whole structure', async () => {
    const built = await createQuestionnaire(t.db, { categories: 2, questions: 2 });
    const source = built.questionnaire.name;
    const answers = await tenAtOnce(() => t.admin.post(`/api/questionnaires/${built.questionnaire.id}/duplicate`));
    expectStatuses(answers, Array<number>(TEN).fill(201));
    expect(answers.map((r) => r.json().data.name as string).sort()).toEqual(
      [`Kopie van ${source}`, ...Array.from({ length: TEN - 1 }, (_, i) => `Kopie van ${source} (${i + 2})`)].sort(),
    );
    for (const res of answers) expect(res.json().data).toMatchObject({ categories_count: 2, questions_count: 4 });
  });

  it('deletes a questionnaire once: one 200, nine 404', async () => {
    const built = await createQuestionnaire(t.db, { categories: 1, questions: 1 });
    const path = `/api/questionnaires/${built.questionnaire.id}`;
    expectStatuses(await tenAtOnce(() => t.admin.delete(path)), oneThen(200, 404));
    expect(await t.db.$count(questionnaires, eq(questionnaires.id, built.questionnaire.id))).toBe(0);
  });

  it('removes a category and a question from a questionnaire once: one 200, nine 404', async () => {
    const built = await createQuestionnaire(t.db, { categories: 2, questions: 2 });
    const [c1, c2] = built.categories;
    const base = `/api/questionnaires/${built.questionnaire.id}/categories`;
    const question = `${base}/${c1!.id}/questions/${c1!.questions[0]!.id}`;
    expectStatuses(await tenAtOnce(() => t.admin.delete(question)), oneThen(200, 404));
    expectStatuses(await tenAtOnce(() => t.admin.delete(`${base}/${c2!.id}`)), oneThen(200, 404));
  });

  it('adds ten categories and ten questions at once, each at a position of its own', async () => {
    const built = await createQuestionnaire(t.db);
    const base = `/api/questionnaires/${built.questionnaire.id}/categories`;
    const bank = await Promise.all(Array.from({ length: TEN }, () => createCategory(t.db)));
    const added = await Promise.all(bank.map((c) => t.admin.post(base, { body: { category_id: c.id } })));
    expectStatuses(added, Array<number>(TEN).fill(201));
    const positions = await t.db
      .select({ position: questionnaireCategories.position })
      .from(questionnaireCategories)
      .where(eq(questionnaireCategories.questionnaireId, built.questionnaire.id))
      .orderBy(asc(questionnaireCategories.position));
    expect(positions.map((p) => p.position)).toEqual(Array.from({ length: TEN }, (_, i) => i + 1));

    const categoryId = added[0]!.json().data.id as number;
    const questions = await Promise.all(Array.from({ length: TEN }, () => createQuestion(t.db)));
    const addedQuestions = await Promise.all(
      questions.map((q) => t.admin.post(`${base}/${categoryId}/questions`, { body: { question_id: q.id } })),
    );
    expectStatuses(addedQuestions, Array<number>(TEN).fill(201));
    const questionPositions = await t.db
      .select({ position: questionnaireQuestions.position })
      .from(questionnaireQuestions)
      .where(eq(questionnaireQuestions.questionnaireCategoryId, categoryId))
      .orderBy(asc(questionnaireQuestions.position));
    expect(questionPositions.map((p) => p.position)).toEqual(Array.from({ length: TEN }, (_, i) => i + 1));
  });

  it('refuses a reorder that a removal at the same time made stale (422), never a half order', async () => {
    for (let round = 0; round < 3; round++) {
      const built = await createQuestionnaire(t.db, { categories: 3 });
      const ids = built.categories.map((c) => c.id);
      const base = `/api/questionnaires/${built.questionnaire.id}/categories`;
      const [reordered, removed] = await Promise.all([
        t.admin.post(`${base}/reorder`, { body: { ids: [...ids].reverse() } }),
        t.admin.delete(`${base}/${ids[1]}`),
      ]);
      expect(removed.statusCode, removed.body).toBe(200);
      expect([200, 422], reordered.body).toContain(reordered.statusCode);
      const left = await t.db
        .select({ id: questionnaireCategories.id, position: questionnaireCategories.position })
        .from(questionnaireCategories)
        .where(eq(questionnaireCategories.questionnaireId, built.questionnaire.id))
        .orderBy(asc(questionnaireCategories.position));
      // Reordered first: the reverse order without the removed one; refused: the order as it was.
      expect(left.map((c) => c.id)).toEqual(reordered.statusCode === 200 ? [ids[2], ids[0]] : [ids[0], ids[2]]);
    }
  });
});

describe('machines', () => {
  it('moves a machine once: one 200, nine 422 "already there", one line of history', async () => {
    const c = await createPlacementChain(t.db);
    const machine = await createMachine(t.db, c);
    const path = `/api/customers/${c.customer.id}/machines/${machine.id}`;
    const target = { location_id: c.location.id, department_id: c.department.id, room_id: c.room.id };
    const answers = await tenAtOnce(() => t.admin.post(`${path}/move`, { body: target }));
    expectStatuses(answers, oneThen(200, 422));
    expect(await t.db.$count(machineMoves, eq(machineMoves.machineId, machine.id))).toBe(1);
  });

  it('saves ten edits with questionnaires at once without a 500', async () => {
    const c = await createPlacementChain(t.db);
    const machine = await createMachine(t.db, c);
    const q = await createQuestionnaire(t.db, { inspectionType: 'inspection' });
    const path = `/api/customers/${c.customer.id}/machines/${machine.id}`;
    const answers = await tenAtOnce(() =>
      t.admin.put(path, {
        body: {
          name: machine.name,
          inventory_number: machine.inventoryNumber,
          location_id: c.location.id,
          questionnaire_inspection: q.questionnaire.id,
        },
      }),
    );
    expectStatuses(answers, Array<number>(TEN).fill(200));
  });
});
