import { expect } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Role } from '@keurwijzer/shared/permissions';
import type { Db } from '../db/client';
import { questionnaireCategories, questionnaireQuestions } from '../db/schema/questionnaires';
import type { users } from '../db/schema/users';
import type { Mail } from '../lib/mailer';
import { TestClient } from './client';
import { PASSWORD, createUser } from './factories';

let seq = 0;

/** A new activated user of `role` and a client logged in as that user (with a CSRF token). */
export async function signIn(
  t: { app: FastifyInstance; db: Db },
  role: Role,
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  const user = await createUser(t.db, role, overrides);
  const client = new TestClient(t.app);
  const res = await client.login(user.email, PASSWORD);
  expect(res.statusCode, `login as ${role}`).toBe(200);
  return { user, client };
}

/** A valid body for POST/PUT /api/users: a mechanic with a unique e-mail unless overridden. */
export function userBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  seq++;
  return {
    first_name: 'Jan',
    preposition: 'de',
    last_name: `Vries ${seq}`,
    email: `jan.${seq}.${Math.random().toString(36).slice(2, 8)}@example.com`,
    role: 'mechanic',
    ...overrides,
  };
}

/**
 * No hash, salt or password field may ever leave the server (the flag `password_change_required`
 * is no secret: it is the one field allowed to carry the word).
 */
export function expectNoSecrets(res: LightMyRequestResponse) {
  expect(res.body.replaceAll('"password_change_required":', '')).not.toMatch(/password/i);
  expect(res.body).not.toContain('scrypt$');
}

/** The token of the `${APP_URL}/activate/<token>` link in a mail. */
export function activationToken(mail: Mail | undefined, appUrl: string): string {
  expect(mail, 'an invitation mail').toBeDefined();
  const escaped = appUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/activate/([A-Za-z0-9_-]{43,})`).exec(mail!.text);
  expect(match, `activation link in: ${mail!.text}`).not.toBeNull();
  return match![1]!;
}

/** The data of a GET by `client`, which must answer 200. */
export async function getData<T>(client: TestClient, url: string): Promise<T> {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
}

/** The error envelope of a 4xx answer. */
export function errorsOf(res: LightMyRequestResponse): Record<string, string[]> {
  const body = res.json() as { message: string; errors: Record<string, string[]> };
  expect(typeof body.message).toBe('string');
  return body.errors;
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
