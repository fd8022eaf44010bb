import { ROLE_LABELS } from '@keurwijzer/shared/permissions';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { CliError, USAGE, createUserCommand, parseCreateUserArgs } from './create-user-command';

/**
 * `npm run user:create -- --email a@b.nl --role super_admin [...]`: creates an activated user,
 * e.g. the first super admin of an install on PostgreSQL (nothing is seeded there). Built to
 * dist/create-user.js as well (`node apps/server/dist/create-user.js ...`).
 */

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (err?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003' || ch === '\u0004') return finish(new CliError('afgebroken / aborted'));
        if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('');
        else if (ch >= ' ') value += ch;
      }
    };
    stdout.write(question);
    stdin.setEncoding('utf8');
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

async function askPassword() {
  const password = await askHidden('Wachtwoord / password: ');
  const repeat = await askHidden('Herhaal wachtwoord / repeat password: ');
  return { password, repeat };
}

async function open(config: Config): Promise<Database> {
  try {
    return await openDatabase(config);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (!config.databaseUrl && /in use by process/.test(reason)) {
      throw new CliError(
        `de database in ${config.dataDir} is in gebruik door de server. PGlite staat maar één proces ` +
          'tegelijk toe: stop de server en probeer het opnieuw. / The database is in use by the server; ' +
          `PGlite allows one process at a time: stop the server and try again.\n(${reason})`,
      );
    }
    throw new CliError(`kan de database niet openen / cannot open the database: ${reason}`);
  }
}

async function main(argv: string[]): Promise<void> {
  const args = parseCreateUserArgs(argv);
  if (args === 'help') {
    console.log(USAGE);
    return;
  }
  // npm runs workspace scripts in apps/server; a relative DATA_DIR means where npm was started.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig();
  const database = await open(config);
  try {
    const created = await createUserCommand(args, {
      db: database.db,
      scryptLogN: config.scryptLogN,
      readPassword: process.stdin.isTTY ? askPassword : undefined,
    });
    const where = database.kind === 'pglite' ? `PGlite (${config.dataDir})` : 'PostgreSQL';
    const customer = created.customerName ? `, klant / customer ${created.customerName}` : '';
    console.log(
      `Gebruiker aangemaakt / user created: ${created.email} (${ROLE_LABELS[created.role]}, id ${created.id}${customer}) in ${where}.\n` +
        `Inloggen kan meteen op ${config.appUrl}/login / can log in now.`,
    );
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(
    err instanceof CliError ? `Fout / error: ${err.message}` : err instanceof Error ? err.message : String(err),
  );
  process.exitCode = 1;
});
