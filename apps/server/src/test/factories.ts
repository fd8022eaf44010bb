import type { Role } from '@keurwijzer/shared/permissions';
import type { InspectionType, QuestionnaireStatus } from '@keurwijzer/shared/questionnaires';
import type { Db } from '../db/client';
import { customers, departments, locations, rooms } from '../db/schema/customers';
import { machines } from '../db/schema/machines';
import { malfunctionEvents, malfunctions } from '../db/schema/malfunctions';
import { brandTypes, brands, categories, machineTypes, questions } from '../db/schema/master-data';
import { questionnaireCategories, questionnaireQuestions, questionnaires } from '../db/schema/questionnaires';
import { users } from '../db/schema/users';
import { hashPassword } from '../lib/password';

/**
 * One factory per entity: rows straight into the database, for tests that need them as a given
 * (the API tests of each entity create theirs through the API). Names and numbers are unique per
 * call unless given.
 */
/** Passes the strength check too: tests activate invitees with it. */
export const PASSWORD = 'Geheim-Gras-42!';
let seq = 0;
const random = (length = 6) =>
  Math.random()
    .toString(36)
    .slice(2, 2 + length);

export const uniqueName = (prefix: string) => `${prefix} ${++seq}-${random()}`;
/** An inventory number no other test uses. */
export const uniqueInventoryNumber = () => `INV-${++seq}-${random(5)}`;

// Customers and their places ------------------------------------------------------------------

export async function createCustomer(db: Db, overrides: Partial<typeof customers.$inferInsert> = {}) {
  seq++;
  const [row] = await db
    .insert(customers)
    .values({ name: `Klant ${seq}`, customerNumber: `T-${seq}-${random()}`, ...overrides })
    .returning();
  return row!;
}

/** A location of a customer, with a fixed address. */
export async function createLocation(db: Db, customerId: number, name = uniqueName('Vestiging')) {
  const [row] = await db
    .insert(locations)
    .values({ customerId, name, street: 'Dorpsstraat', houseNumber: '1', postcode: '1234 AB', city: 'Utrecht' })
    .returning();
  return row!;
}

export async function createDepartment(db: Db, locationId: number, name = uniqueName('Afdeling')) {
  const [row] = await db.insert(departments).values({ locationId, name }).returning();
  return row!;
}

export async function createRoom(db: Db, departmentId: number, name = uniqueName('Ruimte')) {
  const [row] = await db.insert(rooms).values({ departmentId, name }).returning();
  return row!;
}

/** A customer with one location, department and room. */
export async function createPlacementChain(db: Db, name = uniqueName('Klant')) {
  const customer = await createCustomer(db, { name });
  const location = await createLocation(db, customer.id);
  const department = await createDepartment(db, location.id);
  const room = await createRoom(db, department.id);
  return { customer, location, department, room };
}
export type PlacementChain = Awaited<ReturnType<typeof createPlacementChain>>;

// Users -----------------------------------------------------------------------------------------

/** An activated user with PASSWORD (a customer user gets a fresh customer unless given one). */
export async function createUser(db: Db, role: Role, overrides: Partial<typeof users.$inferInsert> = {}) {
  seq++;
  const customerId = role === 'customer' ? (overrides.customerId ?? (await createCustomer(db)).id) : null;
  const [row] = await db
    .insert(users)
    .values({
      firstName: 'Test',
      lastName: `Gebruiker ${seq}`,
      email: `user${seq}-${random()}@example.com`,
      role,
      passwordHash: await hashPassword(PASSWORD, 10),
      activatedAt: new Date(),
      ...overrides,
      customerId,
    })
    .returning();
  return row!;
}

// Master data -----------------------------------------------------------------------------------

export async function createBrand(db: Db, name = uniqueName('Merk')) {
  const [row] = await db.insert(brands).values({ name }).returning();
  return row!;
}

export async function createBrandType(db: Db, brandId: number, name = uniqueName('Type')) {
  const [row] = await db.insert(brandTypes).values({ brandId, name }).returning();
  return row!;
}

export async function createMachineType(db: Db, name = uniqueName('Machinetype')) {
  const [row] = await db.insert(machineTypes).values({ name }).returning();
  return row!;
}

export async function createCategory(db: Db, name = uniqueName('Categorie')) {
  const [row] = await db.insert(categories).values({ name }).returning();
  return row!;
}

export async function createQuestion(db: Db, overrides: Partial<typeof questions.$inferInsert> = {}) {
  const [row] = await db
    .insert(questions)
    .values({
      name: uniqueName('Vraag'),
      answerOptions: ['Goed', 'Matig', 'Slecht', 'n.v.t.'],
      memoTitle: 'Opmerkingen',
      ...overrides,
    })
    .returning();
  return row!;
}

// Questionnaires --------------------------------------------------------------------------------

export type Built = {
  questionnaire: typeof questionnaires.$inferSelect;
  /** The questionnaire categories in order, each with its questionnaire questions in order. */
  categories: (typeof questionnaireCategories.$inferSelect & {
    questions: (typeof questionnaireQuestions.$inferSelect)[];
  })[];
};

/**
 * A questionnaire with `categories` new categories of `questions` new questions each, in bulk
 * (a handful of statements whatever the size).
 */
export async function createQuestionnaire(
  db: Db,
  opts: {
    name?: string;
    inspectionType?: InspectionType;
    status?: QuestionnaireStatus;
    categories?: number;
    questions?: number;
  } = {},
): Promise<Built> {
  const [questionnaire] = await db
    .insert(questionnaires)
    .values({
      name: opts.name ?? uniqueName('Vragenlijst'),
      inspectionType: opts.inspectionType ?? 'inspection',
      status: opts.status ?? 'active',
    })
    .returning();
  const nCats = opts.categories ?? 0;
  const nQs = opts.questions ?? 0;
  if (nCats === 0) return { questionnaire: questionnaire!, categories: [] };
  const bankCats = await db
    .insert(categories)
    .values(Array.from({ length: nCats }, () => ({ name: uniqueName('Categorie') })))
    .returning();
  const cats = await db
    .insert(questionnaireCategories)
    .values(bankCats.map((c, i) => ({ questionnaireId: questionnaire!.id, categoryId: c.id, position: i + 1 })))
    .returning();
  let qs: (typeof questionnaireQuestions.$inferSelect)[] = [];
  if (nQs > 0) {
    const bank = await db
      .insert(questions)
      .values(
        Array.from({ length: nCats * nQs }, () => ({
          name: uniqueName('Vraag'),
          answerOptions: ['Goed', 'Slecht'],
          memoTitle: null,
        })),
      )
      .returning();
    qs = await db
      .insert(questionnaireQuestions)
      .values(
        bank.map((q, i) => ({
          questionnaireCategoryId: cats[Math.floor(i / nQs)]!.id,
          questionId: q.id,
          position: (i % nQs) + 1,
        })),
      )
      .returning();
  }
  return {
    questionnaire: questionnaire!,
    categories: cats.map((c) => ({ ...c, questions: qs.filter((q) => q.questionnaireCategoryId === c.id) })),
  };
}

// Machines --------------------------------------------------------------------------------------

type MachineValues = Partial<typeof machines.$inferInsert>;
/** Where a machine stands: a customer and one of its locations (a PlacementChain will do). */
export type MachinePlace = { customer: { id: number }; location: { id: number } };

/**
 * A machine at `place` (status Active unless given): for what the API cannot make (concept,
 * archived, a set created_at) or for machines that are only a given of the test.
 */
export async function createMachine(db: Db, place: MachinePlace, values: MachineValues = {}) {
  const [row] = await createMachines(db, place, [values]);
  return row!;
}

/** Machines at `place` in one statement, whatever their number. */
export async function createMachines(db: Db, place: MachinePlace, values: MachineValues[]) {
  return db
    .insert(machines)
    .values(
      values.map((v) => ({
        customerId: place.customer.id,
        locationId: place.location.id,
        name: uniqueName('Machine'),
        inventoryNumber: uniqueInventoryNumber(),
        ...v,
      })),
    )
    .returning();
}

// Malfunctions ----------------------------------------------------------------------------------

/**
 * A malfunction of a machine (status Open unless given) with its 'reported' event, for tests that
 * need one as a given (the API tests report theirs through the API).
 */
export async function createMalfunction(
  db: Db,
  machine: { id: number; customerId: number },
  values: Partial<typeof malfunctions.$inferInsert> = {},
) {
  const [row] = await db
    .insert(malfunctions)
    .values({ customerId: machine.customerId, machineId: machine.id, description: uniqueName('Storing'), ...values })
    .returning();
  await db.insert(malfunctionEvents).values({
    malfunctionId: row!.id,
    kind: 'reported',
    toStatus: 'open',
    byUser: row!.reportedBy,
    at: row!.createdAt,
  });
  return row!;
}
