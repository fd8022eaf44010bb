import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { backupSource, backupToFile, writeBackup } from './lib/backup';
import { startControlSocket } from './lib/control-socket';
import { createMailer } from './lib/mailer';
import { scheduleNightlyBackups } from './lib/nightly-backup';
import { checkBucketAtStart, createS3Storage } from './lib/s3-storage';
import { createDiskStorage, withDeleteHold } from './lib/storage';
import { resolveSessionSecret } from './lib/session-secret';
import { DEMO_ACCOUNTS, isEmpty, seedDemo } from './seed/demo';

/** Starts the server: config, database (+ migrations), demo seed on a first embedded start, listen. */
async function main() {
  const config = loadConfig();
  config.webDist ??= path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  const database = await openDatabase(config);
  const sessionSecret = resolveSessionSecret(config.sessionSecret, config.dataDir);

  let seeded = false;
  if (config.seedDemo && (await isEmpty(database.db))) {
    await seedDemo(database.db, { password: config.demoPassword, scryptLogN: config.scryptLogN });
    seeded = true;
  }

  // The mailer logs through the app's logger (called only once the app exists).
  const mailer = createMailer({
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: { info: (obj, msg) => app.log.info(obj, msg) },
  });
  // Embedded default: deletes wait while a backup copies the files (lib/backup.ts).
  const heldDisk =
    database.kind === 'pglite' && !config.s3
      ? withDeleteHold(createDiskStorage(path.join(config.dataDir, 'uploads')))
      : undefined;
  const bucket = config.s3 ? createS3Storage(config.s3) : undefined;
  // A bucket that is not there stops the start; one that does not answer is a warning (lib/storage.ts).
  const bucketWarning = bucket && config.s3 ? await checkBucketAtStart(bucket, config.s3) : null;
  const app = await buildApp({ config, database, mailer, sessionSecret, storage: bucket ?? heldDisk });
  if (bucketWarning) app.log.error(bucketWarning);
  app.addHook('onClose', () => database.close());

  // `npm run backup` asks this process (the embedded database has one), and the nightly backup.
  if (database.kind === 'pglite') {
    const source = backupSource(config, database, heldDisk);
    const closeSocket = await startControlSocket(
      config.dataDir,
      { backup: (out) => writeBackup(source, out) },
      (msg, err) => app.log.warn({ err }, msg),
    );
    if (closeSocket) app.addHook('onClose', closeSocket);
    if (config.backup) {
      const stop = scheduleNightlyBackups(
        config.backup,
        (file) => backupToFile(file, (out) => writeBackup(source, out)),
        { info: (msg) => app.log.info(msg), error: (err, msg) => app.log.error({ err }, msg) },
      );
      app.addHook('onClose', async () => stop());
    }
  }

  const pruneTimer = setInterval(
    () =>
      void app.sessions
        .prune()
        .then(() => database.maintain())
        .catch((err: unknown) => app.log.error(err)),
    15 * 60_000,
  );
  pruneTimer.unref();

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal}: closing`);
      clearInterval(pruneTimer);
      app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          console.error(err);
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  const db = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  console.log(`\nKeurwijzer runs on ${config.appUrl} (${db})`);
  if (seeded || (config.seedDemo && database.kind === 'pglite')) {
    console.log(`Demo accounts (password ${seeded ? config.demoPassword : 'as set at first start'}):`);
    for (const a of DEMO_ACCOUNTS)
      console.log(`  ${(a.customerAdmin ? 'customer admin' : a.role).padEnd(14)} ${a.email}`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
