import { describe, expect, it } from 'vitest';
import { TEXT } from '@keurwijzer/shared/texts';
import type { TestClient } from '../../test/client';
import { useTestApp } from '../../test/use-test-app';
import { C, JUNK_IDS, item, tasklistBody, tasklistsApi, type Id } from './tasklists.test-helpers';

/**
 * Who may do what on every task list endpoint: 401 without a session, 403 to the customer users
 * of both customers (also for task lists of their own customer), 419 without the CSRF token, 404
 * for ids that do not exist or are no ids. Nothing changes and nothing leaks.
 */
const t = useTestApp();
const api = tasklistsApi(t);

type Endpoint = { what: string; safe: boolean; call: () => ReturnType<TestClient['get']> };

/** Every endpoint for task list `id`, machine `machine` and a valid body at `place`. */
function endpoints(
  client: TestClient,
  ids: { list: Id; machine: Id; place: Parameters<typeof tasklistBody>[0] },
  opts: { csrf?: boolean } = {},
): Endpoint[] {
  const body = tasklistBody(ids.place);
  return [
    { what: 'list', safe: true, call: () => client.get(`${C}?search=a`) },
    { what: 'create', safe: false, call: () => client.post(C, { body, ...opts }) },
    { what: 'read', safe: true, call: () => client.get(item(ids.list)) },
    { what: 'update', safe: false, call: () => client.put(item(ids.list), { body, ...opts }) },
    {
      what: 'update (_method)',
      safe: false,
      call: () => client.post(item(ids.list), { body: { ...body, _method: 'PUT' }, as: 'form', ...opts }),
    },
    { what: 'candidates', safe: true, call: () => client.get(`${item(ids.list)}/candidates`) },
    {
      what: 'plan',
      safe: false,
      call: () => client.post(`${item(ids.list)}/machines`, { body: { machine_ids: [ids.machine] }, ...opts }),
    },
    { what: 'unplan', safe: false, call: () => client.delete(`${item(ids.list)}/machines/${ids.machine}`, opts) },
    { what: 'delete', safe: false, call: () => client.delete(item(ids.list), opts) },
  ];
}

/** A task list of each standard customer with a planned machine (not the last one: deletes stay possible). */
async function setting() {
  const made = [];
  for (const { chain } of [t.customerA, t.customerB]) {
    const { machine } = await api.machineWith(chain);
    const list = await api.create(chain, { remarks: `Geheim ${chain.customer.name}` });
    await api.plan(list.id, [machine.id]);
    made.push({ list: list.id, machine: machine.id, place: chain, secret: `Geheim ${chain.customer.name}` });
  }
  return made;
}

describe('who may do what', () => {
  it('answers 401 without a session on every endpoint and changes nothing', async () => {
    const made = await setting();
    const before = await api.snapshot();
    for (const s of made) {
      for (const e of endpoints(t.visitor, s)) {
        const res = await e.call();
        expect(res.statusCode, `${e.what}: ${res.body}`).toBe(401);
        expect(res.json()).toEqual({ message: TEXT.unauthenticated, errors: {} });
      }
    }
    expect(await api.snapshot()).toEqual(before);
  });

  it('answers 403 to the customer users of both customers, own task lists or the other, and leaks nothing', async () => {
    const made = await setting();
    const before = await api.snapshot();
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
    expect(await api.snapshot()).toEqual(before);
  });

  it('answers 419 without the CSRF token on every change and changes nothing; GETs need none', async () => {
    const made = await setting();
    const before = await api.snapshot();
    for (const client of [t.mechanic, t.admin]) {
      for (const e of endpoints(client, made[0]!, { csrf: false })) {
        const res = await e.call();
        if (e.safe) {
          expect(res.statusCode, e.what).toBe(200);
          continue;
        }
        expect(res.statusCode, `${e.what}: ${res.body}`).toBe(419);
        expect(res.json()).toEqual({ message: TEXT.csrf, errors: {} });
      }
    }
    expect(await api.snapshot()).toEqual(before);
  });

  it('lets super admins, admins and mechanics through on every endpoint', async () => {
    for (const client of [t.superAdmin, t.admin, t.mechanic]) {
      const [s] = await setting();
      for (const e of endpoints(client, s!)) {
        const res = await e.call();
        expect(res.statusCode, `${e.what}: ${res.body}`).toBeLessThan(300);
      }
    }
  });
});

describe('ids that do not exist or are no ids', () => {
  it('answer 404 on every endpoint with an id and change nothing', async () => {
    const [s] = await setting();
    const before = await api.snapshot();
    for (const id of JUNK_IDS) {
      const cases = [
        ...endpoints(t.mechanic, { ...s!, list: id }),
        ...endpoints(t.mechanic, { ...s!, machine: id }).filter((e) => e.what === 'unplan'),
      ].filter((e) => !['list', 'create'].includes(e.what));
      for (const e of cases) {
        const res = await e.call();
        expect(res.statusCode, `${id}, ${e.what}: ${res.body}`).toBe(404);
      }
    }
    expect(await api.snapshot()).toEqual(before);
  });
});
