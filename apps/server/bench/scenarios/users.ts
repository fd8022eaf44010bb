import type { Role } from '@keurwijzer/shared/permissions';
import { customers } from '../../src/db/schema/customers';
import { users } from '../../src/db/schema/users';
import { hashPassword } from '../../src/lib/password';
import { insertChunked, random, type Scenario } from '../lib';

export const USER_COUNT = 10_000;
const CUSTOMER_COUNT = 200;

const FIRST = [
  'Jan',
  'Piet',
  'Klaas',
  'Sanne',
  'Femke',
  'Daan',
  'Lotte',
  'Bram',
  'Emma',
  'Sem',
  'Julia',
  'Lucas',
  'Tess',
  'Finn',
  'Anna',
  'Milan',
  'Sophie',
  'Levi',
  'Eva',
  'Noah',
  'Lisa',
  'Thijs',
  'Fleur',
  'Jesse',
  'Iris',
  'Ruben',
  'Anouk',
  'Joris',
  'Maud',
  'Stijn',
  'Noor',
  'Gijs',
  'Roos',
  'Wouter',
  'Ilse',
  'Koen',
  'Janneke',
  'Ahmed',
  'Fatima',
  'Mohamed',
];
const PREPOSITIONS = ['', '', '', '', '', 'de', 'van', 'van der', 'van den', 'van de', 'ter', 'den'];
const LAST = [
  'Vries',
  'Jansen',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'Mulder',
  'Bos',
  'Vos',
  'Peters',
  'Hendriks',
  'Dijk',
  'Leeuwen',
  'Dekker',
  'Brouwer',
  'Wit',
  'Dijkstra',
  'Berg',
  'Graaf',
  'Kok',
  'Jacobs',
  'Heuvel',
  'Vermeulen',
  'Linden',
  'Boer',
  'Lange',
  'Kuipers',
  'Veenstra',
  'Schouten',
  'Willems',
  'Hoekstra',
  'Maas',
  'Verhoeven',
  'Koster',
  'Prins',
  'Blom',
  'Huisman',
  'Peeters',
  'Wal',
  'Post',
  'Kuiper',
  'Engel',
  'Vink',
  'Gerritsen',
  'Evers',
  'Koning',
  'Bosman',
  'Groot',
  'Hermans',
  'Claes',
  'El Amrani',
  'Yilmaz',
];

/** 10,000 users: a quarter employees, the rest customer users of 200 customers; some archived or invited. */
async function seed(db: Parameters<Scenario['seed']>[0]) {
  const rnd = random(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const customerRows = await db
    .insert(customers)
    .values(
      Array.from({ length: CUSTOMER_COUNT }, (_, i) => ({
        name: `${pick(LAST)} ${pick(['Metaal', 'Hout', 'Bouw', 'Techniek', 'Transport', 'Installatie'])} ${i + 1} B.V.`,
        customerNumber: `BK-${10000 + i}`,
      })),
    )
    .returning({ id: customers.id });

  // One cheap hash for everybody: the bench measures the list, not logins.
  const passwordHash = await hashPassword('Bench123!', 10);
  const base = Date.now() - USER_COUNT * 60_000;
  const rows = Array.from({ length: USER_COUNT }, (_, i) => {
    const firstName = pick(FIRST);
    const preposition = pick(PREPOSITIONS);
    const lastName = pick(LAST);
    const employee = rnd() < 0.25;
    const role: Role = employee ? (rnd() < 0.15 ? 'admin' : 'mechanic') : 'customer';
    const customer = employee ? null : Math.floor(rnd() * CUSTOMER_COUNT);
    const domain = customer === null ? 'keurwijzer-service.nl' : `klant${customer + 1}.nl`;
    const local = `${firstName}.${preposition}${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
    const invited = rnd() < 0.2;
    return {
      firstName,
      preposition: preposition || null,
      lastName,
      email: `${local}.${i}@${domain}`,
      role,
      customerId: customer === null ? null : customerRows[customer]!.id,
      passwordHash: invited ? null : passwordHash,
      activatedAt: invited ? null : new Date(base + i * 60_000),
      archivedAt: rnd() < 0.05 ? new Date(base + i * 60_000 + 1000) : null,
      createdAt: new Date(base + i * 60_000),
    };
  });
  await insertChunked(rows, 1000, (chunk) => db.insert(users).values(chunk));
}

const q = (params: Record<string, string>) => `/api/users?${new URLSearchParams(params).toString()}`;
const page = { itemsPerPage: '10', page: '1', sortKey: 'last_name', sortOrder: 'asc' };

export const usersScenario: Scenario = {
  name: 'users',
  title: `GET /api/users (${USER_COUNT.toLocaleString('en')} users): search, sort, page`,
  goalP95Ms: { pglite: 50, postgres: 25 },
  as: 'admin',
  seed,
  // What the users and customer-users screens ask: both tabs, typed searches, other sort
  // orders, a deep page and the archived toggle.
  paths: [
    q({ employees: '1', ...page }),
    q({ employees: '0', ...page }),
    q({ employees: '1', ...page, search: 'jan' }),
    q({ employees: '0', ...page, search: 'de vries', itemsPerPage: '25', sortKey: 'first_name', sortOrder: 'desc' }),
    q({ ...page, search: 'bakker', page: '2', sortKey: 'email' }),
    q({ ...page, search: 'klant12', sortKey: 'created_at', sortOrder: 'desc' }),
    q({ employees: '0', ...page, page: '300', sortOrder: 'desc' }),
    q({ ...page, archived: '1' }),
  ],
};
