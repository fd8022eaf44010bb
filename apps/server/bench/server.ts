import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createMemoryMailer } from '../src/lib/mailer';
import { runChild, serveToParent } from './child';
import { BENCH_SESSION_SECRET } from './secret';

/**
 * The server under load, started by bench/lib.ts in its own process: the real app on the
 * database of DATA_DIR or DATABASE_URL, logging off, served to the parent by bench/child.ts.
 */
async function main() {
  // No reminder schedules under load (modules/reminders) unless the environment asks for them.
  const config = loadConfig({ REMINDERS: '0', ...process.env, HOST: '127.0.0.1', PORT: '0' });
  // BENCH_AUDIT=0: the app without its audit trail, the other side of the trail's ratio (bench/run.ts).
  const audit = process.env.BENCH_AUDIT !== '0';
  const database = await openDatabase(config, { auditTrail: audit });
  const app = await buildApp({
    auditActor: audit,
    config,
    database,
    mailer: createMemoryMailer(),
    sessionSecret: BENCH_SESSION_SECRET,
    logger: false,
  });
  await serveToParent(app, () => database.close());
}

runChild(main);
