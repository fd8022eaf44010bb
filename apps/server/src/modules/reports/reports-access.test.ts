import { describe, expect, it } from 'vitest';
import { TEXT } from '@keurwijzer/shared/texts';
import type { TestClient } from '../../test/client';
import { useTestApp } from '../../test/use-test-app';
import { plannedReport, tasklistsApi } from '../tasklists/tasklists.test-helpers';
import {
  JUNK_IDS,
  answerPath,
  categoryPath,
  minutesAgo,
  reportPath,
  reportsApi,
  submitPath,
  type Id,
} from './reports.test-helpers';

/**
 * Who may do what on every report endpoint: 401 without a session, 403 to the customer users of
 * both customers (also for reports of their own machines: their view is the portal's), 419
 * without the CSRF token, 404 for ids that do not exist or are no ids. Nothing changes and
 * nothing leaks.
 */
const t = useTestApp();
const lists = tasklistsApi(t);
const api = reportsApi(t);

type Endpoint = { what: string; safe: boolean; call: () => ReturnType<TestClient['get']> };
type Ids = { report: Id; question: Id; category: Id };

/** Every endpoint for report `ids.report` with its question and category. */
function endpoints(client: TestClient, ids: Ids, opts: { csrf?: boolean } = {}): Endpoint[] {
  const answer = { option: '1', answered_at: minutesAgo(1) };
  return [
    { what: 'read', safe: true, call: () => client.get(reportPath(ids.report)) },
    { what: 'pdf', safe: true, call: () => client.get(`${reportPath(ids.report)}/pdf`) },
    { what: 'image', safe: true, call: () => client.get(`${reportPath(ids.report)}/image`) },
    {
      what: 'answer',
      safe: false,
      call: () => client.put(answerPath(ids.report, ids.question), { body: answer, ...opts }),
    },
    {
      what: 'answer (_method)',
      safe: false,
      call: () =>
        client.post(answerPath(ids.report, ids.question), {
          body: { ...answer, _method: 'PUT' },
          as: 'form',
          ...opts,
        }),
    },
    {
      what: 'skip',
      safe: false,
      call: () => client.put(categoryPath(ids.report, ids.category), { body: { skipped: '0' }, as: 'form', ...opts }),
    },
    {
      what: 'save',
      safe: false,
      call: () => client.put(reportPath(ids.report), { body: { not_at_location: '0' }, as: 'form', ...opts }),
    },
    { what: 'submit', safe: false, call: () => client.post(submitPath(ids.report), opts) },
    {
      what: 'submit (verdict)',
      safe: false,
      call: () =>
        client.post(submitPath(ids.report), {
          body: { verdict: 'approved', verdict_reason: 'Kabel ter plaatse vervangen' },
          ...opts,
        }),
    },
  ];
}

/** A report of a machine of each standard customer (not submittable: one question stays open). */
async function setting() {
  const made = [];
  for (const { chain } of [t.customerA, t.customerB]) {
    const name = `Geheime machine ${chain.customer.name}`;
    const { reportId } = await plannedReport(t, chain, { categories: 1, questions: 2, values: { name } });
    const report = await api.read(reportId);
    const cat = report.categories[0]!;
    made.push({ report: reportId, question: cat.questions[0]!.id, category: cat.id, secret: name });
  }
  return made;
}

describe('who may do what', () => {
  it('answers 401 without a session on every endpoint and changes nothing', async () => {
    const made = await setting();
    const before = await lists.snapshot();
    for (const s of made) {
      for (const e of endpoints(t.visitor, s)) {
        const res = await e.call();
        expect(res.statusCode, `${e.what}: ${res.body}`).toBe(401);
        expect(res.json()).toEqual({ message: TEXT.unauthenticated, errors: {} });
      }
    }
    expect(await lists.snapshot()).toEqual(before);
  });

  it('answers 403 to the customer users of both customers, own machines or the other, and leaks nothing', async () => {
    const made = await setting();
    const before = await lists.snapshot();
    for (const { client } of [t.customerA, t.customerB]) {
      for (const s of made) {
        for (const e of endpoints(client, s)) {
          const res = await e.call();
          expect(res.statusCode, `${e.what}: ${res.body}`).toBe(403);
          expect(res.json()).toEqual({ message: TEXT.forbidden, errors: {} });
          for (const m of made) expect(res.body).not.toContain(m.secret);
        }
      }
    }
    expect(await lists.snapshot()).toEqual(before);
  });

  it('answers 419 without the CSRF token on every change and changes nothing; GETs need none', async () => {
    const [s] = await setting();
    const before = await lists.snapshot();
    for (const client of [t.mechanic, t.admin]) {
      for (const e of endpoints(client, s!, { csrf: false })) {
        const res = await e.call();
        if (e.safe) {
          // The machine has no image: the image answers 404, the rest 200.
          expect(res.statusCode, e.what).toBe(e.what === 'image' ? 404 : 200);
          continue;
        }
        expect(res.statusCode, `${e.what}: ${res.body}`).toBe(419);
        expect(res.json()).toEqual({ message: TEXT.csrf, errors: {} });
      }
    }
    expect(await lists.snapshot()).toEqual(before);
  });

  it('lets super admins, admins and mechanics through on every endpoint', async () => {
    for (const client of [t.superAdmin, t.admin, t.mechanic]) {
      const [s] = await setting();
      for (const e of endpoints(client, s!)) {
        const res = await e.call();
        const expected = e.what === 'image' ? 404 : e.what.startsWith('submit') ? 422 : 200;
        expect(res.statusCode, `${e.what}: ${res.body}`).toBe(expected);
      }
    }
  });
});

describe('ids that do not exist or are no ids', () => {
  it('answer 404 on every endpoint and change nothing', async () => {
    const [s] = await setting();
    const before = await lists.snapshot();
    for (const id of JUNK_IDS) {
      const cases = [
        ...endpoints(t.mechanic, { ...s!, report: id }),
        ...endpoints(t.mechanic, { ...s!, question: id }).filter((e) => e.what.startsWith('answer')),
        ...endpoints(t.mechanic, { ...s!, category: id }).filter((e) => e.what === 'skip'),
      ];
      for (const e of cases) {
        const res = await e.call();
        expect(res.statusCode, `${id}, ${e.what}: ${res.body}`).toBe(404);
      }
    }
    expect(await lists.snapshot()).toEqual(before);
  });
});
