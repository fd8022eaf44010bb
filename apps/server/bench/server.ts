import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createMemoryMailer } from '../src/lib/mailer';
import { BENCH_SESSION_SECRET } from './secret';

/**
 * The server under load, started by bench/lib.ts in its own process: the real app on the
 * database of DATA_DIR or DATABASE_URL, logging off, on a free port of 127.0.0.1. Tells the
 * parent its port over IPC and closes when the parent says 'stop' (or goes away).
 */
async function main() {
  const config = loadConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0' });
  const database = await openDatabase(config);
  const app = await buildApp({
    config,
    database,
    mailer: createMemoryMailer(),
    sessionSecret: BENCH_SESSION_SECRET,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');

  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('message', (msg) => {
    if (msg === 'stop') void stop();
    // The bench samples the server's memory while it exports.
    if (msg === 'memory') process.send!({ rss: process.memoryUsage().rss });
    // The ratio bench: CPU per request of the app and of its ceiling.
    if (msg === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send!({ cpu: user + system });
    }
  });
  process.on('disconnect', () => void stop());
  process.send!({ port: address.port });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
