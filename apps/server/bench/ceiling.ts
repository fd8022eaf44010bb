import Fastify from 'fastify';
import { MachineListQuerySchema } from '@keurwijzer/shared/machines';
import { TasklistListQuerySchema } from '@keurwijzer/shared/tasklists';
import { UserListQuerySchema } from '@keurwijzer/shared/users';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { sendJsonPage } from '../src/lib/responses';
import { createSessionStore } from '../src/modules/auth/session-store';
import { dueClock } from '../src/lib/due-state';
import { createMachinesRepository } from '../src/modules/machines/machines.repository';
import { createOverviewRepository } from '../src/modules/overview/overview.repository';
import { createReportsRepository } from '../src/modules/reports/reports.repository';
import { createTasklistsRepository } from '../src/modules/tasklists/tasklists.repository';
import { createUsersRepository } from '../src/modules/users/users.repository';
import { runChild, serveToParent } from './child';
import { BENCH_SESSION_SECRET } from './secret';

/**
 * The ceiling of the ratio bench (bench/ratio.ts): a bare Fastify instance (no plugins, no
 * schemas, no hooks) on the app's database that runs, per request, what the app's database work
 * is and nothing else: the session lookup (the session store's prepared statement, same cookie,
 * same parameters) and the list page (the repository function the app's route ends in, same
 * parameters), and sends the page as it comes (the JSON text the database wrote). What the app
 * does beyond this (cookie plugin, helmet, access check, query validation, response, hooks) is
 * its own cost. The office home likewise: the overview repository's statement. The field-work paths likewise: the overview (the actor from the
 * session), a report (the staff's read, sent with JSON.stringify) and saving an answer (the
 * answer statement; the JSON body taken as it comes: no CSRF check, no validation).
 *
 * A list query is parsed once per distinct URL (the bench cycles a few paths), not per request.
 * Served like bench/server.ts (bench/child.ts).
 */
async function main() {
  const config = loadConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0' });
  const database = await openDatabase(config);
  const { db } = database;
  const sessions = createSessionStore(db, {
    secret: BENCH_SESSION_SECRET,
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
  });
  const users = createUsersRepository(db);
  const machines = createMachinesRepository(db);
  const tasklists = createTasklistsRepository(db);
  const reports = createReportsRepository(db);
  const overview = createOverviewRepository(db);

  const app = Fastify({ logger: false });
  const parsed = new Map<string, unknown>();
  const once = <T>(url: string, parse: () => T): T => {
    let value = parsed.get(url) as T | undefined;
    if (value === undefined) parsed.set(url, (value = parse()));
    return value;
  };
  const session = async (cookie: string | undefined) => {
    const value = cookie?.startsWith('kw_session=') ? cookie.slice('kw_session='.length) : '';
    const found = await sessions.load(value);
    // Not a check of the app's: a lost session would make the ceiling measure nothing.
    if (!found?.user) throw new Error('ceiling: no session');
    return found.user;
  };

  app.get('/api/users', async (request, reply) => {
    const query = once(request.url, () => UserListQuerySchema.parse(request.query));
    await session(request.headers.cookie);
    return sendJsonPage(reply, await users.list(query));
  });
  app.get('/api/customers/:customerId/machines', async (request, reply) => {
    const query = once(request.url, () => MachineListQuerySchema.parse(request.query));
    const customerId = once(`${request.url}#customer`, () =>
      Number((request.params as { customerId: string }).customerId),
    );
    await session(request.headers.cookie);
    return sendJsonPage(reply, await machines.list(query, customerId));
  });

  // The field-work paths: the overview, a report, an answer.
  app.get('/api/tasklists', async (request, reply) => {
    const query = once(request.url, () => TasklistListQuerySchema.parse(request.query));
    const user = await session(request.headers.cookie);
    return sendJsonPage(reply, await tasklists.list(query, user.id));
  });
  app.get('/api/reports/:id', async (request) => {
    const id = once(request.url, () => Number((request.params as { id: string }).id));
    await session(request.headers.cookie);
    return { data: await reports.find(id) };
  });
  app.put('/api/reports/:id/answers/:questionId', async (request) => {
    const params = request.params as { id: string; questionId: string };
    const body = request.body as { option: number | null; memo: string; answered_at: string };
    await session(request.headers.cookie);
    const questionId = Number(params.questionId);
    const out = await reports.answer(Number(params.id), questionId, {
      option: body.option,
      memo: body.memo || null,
      answeredAt: new Date(body.answered_at).toISOString(),
    });
    return { data: { question_id: questionId, answer: out.written ?? (out.removed ? null : out.stored) } };
  });

  // The office home: the session lookup and the overview's statement (the clock of now,
  // as the service makes it), sent with JSON.stringify as the app's route does.
  app.get('/api/overview', async (request) => {
    await session(request.headers.cookie);
    return { data: await overview.overview(dueClock(config.dueSoonDays)) };
  });

  await serveToParent(app, () => database.close());
}

runChild(main);
