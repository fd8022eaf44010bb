import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/users';
import { verifyPassword } from '../lib/password';
import { TestClient } from '../test/client';
import { createCustomer, createUser } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { CliError, createUserCommand, parseCreateUserArgs, type CreateUserArgs } from './create-user-command';

const t = useTestApp({ signIn: false });

/** Meets the rule and the strength check (`Sterk123!` meets only the rule). */
const PW = 'Fietsbel-Kano7!';

function parse(argv: string[]): CreateUserArgs {
  const args = parseCreateUserArgs(argv);
  if (args === 'help') throw new Error('unexpected help');
  return args;
}

const deps = (readPassword?: () => Promise<{ password: string; repeat: string }>) => ({
  db: t.db,
  scryptLogN: 10,
  readPassword,
});

describe('parseCreateUserArgs', () => {
  it('reads the options, normalises the e-mail and fills in default names', () => {
    expect(parse(['--email', ' Baas@Example.NL ', '--role', 'super_admin', '--password', PW])).toEqual({
      email: 'baas@example.nl',
      role: 'super_admin',
      firstName: 'baas',
      preposition: null,
      lastName: 'Superbeheerder',
      customerId: null,
      password: PW,
    });
    expect(
      parse(['--email=k@x.nl', '--role=customer', '--customer-id=7', '--first-name=Kim', '--last-name=Berg']),
    ).toMatchObject({ firstName: 'Kim', lastName: 'Berg', customerId: 7, password: undefined });
    expect(parseCreateUserArgs(['--help'])).toBe('help');
  });

  it.each([
    [[], /--email: Verplicht/],
    [['--email', 'a@b.nl'], /--role: Verplicht/],
    [['--email', 'geen-adres', '--role', 'admin'], /--email: Ongeldig e-mailadres/],
    [['--email', `${'a'.repeat(251)}@b.nl`, '--role', 'admin'], /--email: Maximaal 255 tekens/],
    [['--email', 'a@b.nl', '--role', 'baas'], /--role: Ongeldige keuze/],
    [['--email', 'a@b.nl', '--role', 'admin', '--password', 'zwak'], /--password: Je wachtwoord is niet sterk genoeg/],
    [['--email', 'a@b.nl', '--role', 'admin', '--password', `Aa1!${'x'.repeat(130)}`], /--password: Maximaal 128/],
    [['--email', 'a@b.nl', '--role', 'admin', '--password', 'P@ssw0rd'], /--password: Dit wachtwoord wordt te vaak/],
    [
      ['--email', 'a@b.nl', '--role', 'admin', '--password', 'Password1!'],
      /--password: Je wachtwoord is niet sterk genoeg/,
    ],
    [
      [
        '--email',
        'sanne@b.nl',
        '--role',
        'admin',
        '--first-name',
        'Sanne',
        '--last-name',
        'Bakker',
        '--password',
        'Sanne.Bakker1',
      ],
      /--password: Je wachtwoord is niet sterk genoeg \/ too easy to guess/,
    ],
    [['--email', 'a@b.nl', '--role', 'admin', '--first-name', 'x'.repeat(256)], /--first-name: Maximaal 255 tekens/],
    [['--email', 'a@b.nl', '--role', 'admin', '--last-name', ' '], /--last-name: Verplicht/],
    [['--email', 'a@b.nl', '--role', 'customer'], /--customer-id: verplicht/],
    [['--email', 'a@b.nl', '--role', 'customer', '--customer-id', 'abc'], /--customer-id: Ongeldig getal/],
    [['--email', 'a@b.nl', '--role', 'admin', '--customer-id', '1'], /--customer-id: alleen voor --role customer/],
    [['--email', 'a@b.nl', '--role', 'admin', '--wachtwoord', 'x'], /Unknown option '--wachtwoord'/],
    [['--email', 'a@b.nl', '--role', 'admin', 'extra'], /Unexpected argument 'extra'/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCreateUserArgs(argv)).toThrow(CliError);
    expect(() => parseCreateUserArgs(argv)).toThrow(message);
  });
});

describe('createUserCommand', () => {
  it('creates an activated super admin who can log in through the API', async () => {
    const created = await createUserCommand(
      parse(['--email', 'eerste@example.nl', '--role', 'super_admin', '--password', PW]),
      deps(),
    );
    expect(created).toEqual({
      id: expect.any(Number),
      email: 'eerste@example.nl',
      role: 'super_admin',
      customerName: null,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, created.id));
    expect(row!.activatedAt).not.toBeNull();
    expect(row!.archivedAt).toBeNull();
    expect(row!.passwordHash).toMatch(/^scrypt\$10\$/);
    expect(await verifyPassword(PW, row!.passwordHash!)).toBe(true);
    const client = new TestClient(t.app);
    const login = await client.login('eerste@example.nl', PW);
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({ role: 'super_admin', first_name: 'eerste' });
  });

  it('refuses an e-mail that exists, in any case', async () => {
    const existing = await createUser(t.db, 'mechanic');
    const args = parse(['--email', existing.email.toUpperCase(), '--role', 'admin', '--password', PW]);
    await expect(createUserCommand(args, deps())).rejects.toThrow(/is al in gebruik/);
  });

  it('links a customer user to an existing, not archived customer', async () => {
    const customer = await createCustomer(t.db, { name: 'Klant CLI' });
    const archived = await createCustomer(t.db, { archivedAt: new Date() });
    const ok = await createUserCommand(
      parse([
        '--email',
        'klant-cli@example.nl',
        '--role',
        'customer',
        '--customer-id',
        String(customer.id),
        '--password',
        PW,
      ]),
      deps(),
    );
    expect(ok.customerName).toBe('Klant CLI');
    for (const id of [archived.id, 999999]) {
      const args = parse([
        '--email',
        `k${id}@example.nl`,
        '--role',
        'customer',
        '--customer-id',
        String(id),
        '--password',
        PW,
      ]);
      await expect(createUserCommand(args, deps())).rejects.toThrow(/bestaat niet/);
    }
  });

  it('asks for the password when none is given, and checks rule and repeat', async () => {
    const args = (email: string) => parse(['--email', email, '--role', 'mechanic']);
    await expect(createUserCommand(args('p1@example.nl'), deps())).rejects.toThrow(/--password: verplicht/);
    await expect(
      createUserCommand(
        args('p2@example.nl'),
        deps(async () => ({ password: PW, repeat: 'Anders123!' })),
      ),
    ).rejects.toThrow(/Wachtwoorden komen niet overeen/);
    await expect(
      createUserCommand(
        args('p3@example.nl'),
        deps(async () => ({ password: 'zwakzwak', repeat: 'zwakzwak' })),
      ),
    ).rejects.toThrow(/niet sterk genoeg/);
    await expect(
      createUserCommand(
        args('p3@example.nl'),
        deps(async () => ({ password: 'P@ssw0rd', repeat: 'P@ssw0rd' })),
      ),
    ).rejects.toThrow(/te vaak gebruikt/);
    expect(await t.db.$count(users, eq(users.email, 'p3@example.nl'))).toBe(0);
    let asked = 0;
    const created = await createUserCommand(
      args('p4@example.nl'),
      deps(async () => {
        asked++;
        return { password: PW, repeat: PW };
      }),
    );
    expect(asked).toBe(1);
    expect(created.role).toBe('mechanic');
  });

  it('does not ask for a password when the e-mail is taken', async () => {
    const existing = await createUser(t.db, 'admin');
    let asked = false;
    const read = async () => {
      asked = true;
      return { password: PW, repeat: PW };
    };
    await expect(createUserCommand(parse(['--email', existing.email, '--role', 'admin']), deps(read))).rejects.toThrow(
      CliError,
    );
    expect(asked).toBe(false);
  });
});

describe('the CLI process', () => {
  const run = promisify(execFile);
  const entry = path.join(import.meta.dirname, 'create-user.ts');
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-cli-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SCRYPT_LOG_N: '10', NODE_ENV: 'test' };
    delete env.DATABASE_URL;
    delete env.INIT_CWD;
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', entry, ...args], { env });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

  it('exits 1 with a clear message on bad input, 0 with a confirmation on success', async () => {
    const bad = await cli(['--email', 'geen-adres', '--role', 'admin', '--password', PW]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Fout / error: --email: Ongeldig e-mailadres');
    const ok = await cli(['--email', 'cli@example.nl', '--role', 'super_admin', '--password', PW]);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('Gebruiker aangemaakt / user created: cli@example.nl (Superbeheerder');
  }, 60_000);

  it('refuses while a running server holds the PGlite DATA_DIR, and says so', async () => {
    // A live process (this one) holds the lock, as a running server would.
    fs.writeFileSync(path.join(dataDir, 'server.lock'), String(process.pid));
    try {
      const res = await cli(['--email', 'lock@example.nl', '--role', 'admin', '--password', PW]);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('stop de server');
      expect(res.stderr).toContain('PGlite');
    } finally {
      fs.rmSync(path.join(dataDir, 'server.lock'), { force: true });
    }
  }, 60_000);
});
