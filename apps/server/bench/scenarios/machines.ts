import { customers, departments, locations, rooms } from '../../src/db/schema/customers';
import { machines } from '../../src/db/schema/machines';
import { brandTypes, brands, machineTypes } from '../../src/db/schema/master-data';
import { seedMasterData } from '../../src/seed/master-data';
import { bulkMachines, insertChunked, random, type Scenario } from '../lib';

export const CUSTOMER_COUNT = 2_000;
const LOCATIONS_PER_CUSTOMER = 3;
const DEPARTMENTS_PER_LOCATION = 2;
export const MACHINE_COUNT = 100_000;
/** The customer the load and the export are about: 5,000 machines (the goal's export size). */
export const BIG_CUSTOMER_MACHINES = 5_000;
export const BIG_CUSTOMER_NUMBER = 'BM-00000';

const NAMES = [
  'Schroefcompressor',
  'Zuigercompressor',
  'Elektrische heftruck',
  'Reachtruck',
  'Elektrische stapelaar',
  'Kolomboormachine',
  'Afkortzaag',
  'Invalcirkelzaag',
  'Accuboormachine',
  'Boorhamer',
  'Haakse slijper',
  'Draaibank',
  'Freesmachine',
  'Lasapparaat',
  'Kantbank',
  'Hoogwerker',
  'Schaarlift',
  'Lintzaag',
  'Bandschuurmachine',
  'Hogedrukreiniger',
];
const CITIES = ['Utrecht', 'Eindhoven', 'Tilburg', 'Zwolle', 'Groningen', 'Breda', 'Apeldoorn', 'Venlo', 'Almere'];
const DEPARTMENT_NAMES = ['Productie', 'Werkplaats', 'Magazijn', 'Expeditie', 'Onderhoud', 'Lasafdeling'];

/**
 * 2,000 customers with 3 locations each (6,000), 2 departments per location with a room each,
 * and 100,000 machines: one customer with 5,000, the others about 48 each; some concept,
 * inactive or archived.
 */
async function seed(db: Parameters<Scenario['seed']>[0]): Promise<Record<string, number>> {
  const rnd = random(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  await seedMasterData(db);
  const brandRows = await db.select().from(brands);
  const brandTypeRows = await db.select().from(brandTypes);
  const machineTypeRows = await db.select().from(machineTypes);

  const customerRows: { id: number }[] = [];
  await insertChunked(
    Array.from({ length: CUSTOMER_COUNT }, (_, i) => ({
      name: `${pick(['Metaal', 'Hout', 'Bouw', 'Techniek', 'Transport'])}bedrijf ${i} B.V.`,
      customerNumber: `BM-${String(i).padStart(5, '0')}`,
      city: pick(CITIES),
    })),
    1000,
    async (chunk) => customerRows.push(...(await db.insert(customers).values(chunk).returning({ id: customers.id }))),
  );

  type Place = { customerId: number; locationId: number; departmentId: number | null; roomId: number | null };
  const placesOf = new Map<number, Place[]>();
  const locationRows: { id: number; customerId: number }[] = [];
  await insertChunked(
    customerRows.flatMap((c) =>
      Array.from({ length: LOCATIONS_PER_CUSTOMER }, (_, l) => ({
        customerId: c.id,
        name: `Vestiging ${pick(CITIES)} ${l + 1}`,
        street: 'Industrieweg',
        houseNumber: String(l + 1),
        postcode: '1234 AB',
        city: pick(CITIES),
      })),
    ),
    1000,
    async (chunk) =>
      locationRows.push(
        ...(await db.insert(locations).values(chunk).returning({ id: locations.id, customerId: locations.customerId })),
      ),
  );
  const departmentRows: { id: number; locationId: number }[] = [];
  await insertChunked(
    locationRows.flatMap((l) =>
      Array.from({ length: DEPARTMENTS_PER_LOCATION }, (_, d) => ({
        locationId: l.id,
        name: DEPARTMENT_NAMES[d % DEPARTMENT_NAMES.length]!,
      })),
    ),
    1000,
    async (chunk) =>
      departmentRows.push(
        ...(await db
          .insert(departments)
          .values(chunk)
          .returning({ id: departments.id, locationId: departments.locationId })),
      ),
  );
  const roomRows: { id: number; departmentId: number }[] = [];
  await insertChunked(
    departmentRows.map((d) => ({ departmentId: d.id, name: 'Hal 1' })),
    1000,
    async (chunk) =>
      roomRows.push(
        ...(await db.insert(rooms).values(chunk).returning({ id: rooms.id, departmentId: rooms.departmentId })),
      ),
  );
  const customerOfLocation = new Map(locationRows.map((l) => [l.id, l.customerId]));
  const roomOf = new Map(roomRows.map((r) => [r.departmentId, r.id]));
  for (const l of locationRows) {
    const list = placesOf.get(l.customerId) ?? [];
    list.push({ customerId: l.customerId, locationId: l.id, departmentId: null, roomId: null });
    placesOf.set(l.customerId, list);
  }
  for (const d of departmentRows) {
    const customerId = customerOfLocation.get(d.locationId)!;
    placesOf.get(customerId)!.push({ customerId, locationId: d.locationId, departmentId: d.id, roomId: null });
    placesOf
      .get(customerId)!
      .push({ customerId, locationId: d.locationId, departmentId: d.id, roomId: roomOf.get(d.id)! });
  }

  const big = customerRows[0]!.id;
  const others = customerRows.slice(1);
  const perOther = (MACHINE_COUNT - BIG_CUSTOMER_MACHINES) / others.length;
  const customerOfMachine = (i: number) =>
    i < BIG_CUSTOMER_MACHINES ? big : others[Math.floor((i - BIG_CUSTOMER_MACHINES) / perOther)]!.id;
  const rows = Array.from({ length: MACHINE_COUNT }, (_, i) => {
    const customerId = customerOfMachine(i);
    const place = pick(placesOf.get(customerId)!);
    const brand = pick(brandRows);
    const types = brandTypeRows.filter((t) => t.brandId === brand.id);
    const r = rnd();
    return {
      ...place,
      name: `${pick(NAMES)} ${String.fromCharCode(65 + (i % 26))}`,
      inventoryNumber: `INV-${String(i).padStart(6, '0')}`,
      factoryNumber: `SN${Math.floor(rnd() * 1e8)
        .toString(36)
        .toUpperCase()}`,
      manufactureYear: 1990 + Math.floor(rnd() * 36),
      machineTypeId: pick(machineTypeRows).id,
      brandId: brand.id,
      brandTypeId: types.length ? pick(types).id : null,
      status: r < 0.03 ? ('concept' as const) : r < 0.08 ? ('inactive' as const) : ('active' as const),
      priceCents: Math.floor(rnd() * 5_000_000),
      archivedAt: rnd() < 0.04 ? new Date() : null,
    };
  });
  await bulkMachines(db, () => insertChunked(rows, 2000, (chunk) => db.insert(machines).values(chunk)));
  const place = placesOf.get(big)![0]!;
  return { big, location: place.locationId, type: machineTypeRows[0]!.id, brand: brandRows[0]!.id };
}

const q = (big: number, params: Record<string, string | number>) =>
  `/api/customers/${big}/machines?${new URLSearchParams({
    itemsPerPage: '25',
    page: '1',
    sortKey: 'name',
    sortOrder: 'asc',
    ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
  })}`;

/** The export of the big customer's 5,000 machines: time and the server's memory growth. */
async function measureExport({ url, cookie, seeded, memory }: Parameters<NonNullable<Scenario['measure']>>[0]) {
  const findings = [];
  for (const format of ['xlsx', 'pdf'] as const) {
    const before = await memory();
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await memory());
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const started = performance.now();
    const res = await fetch(`${url}/api/customers/${seeded.big}/machines/export?format=${format}`, {
      headers: { cookie },
    });
    const bytes = (await res.arrayBuffer()).byteLength;
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    peak = Math.max(peak, await memory());
    if (res.status !== 200) throw new Error(`export ${format}: ${res.status}`);
    const growthMb = (peak - before) / 1024 / 1024;
    findings.push(
      {
        label: `${format} export, ${BIG_CUSTOMER_MACHINES.toLocaleString('en')} machines (${(bytes / 1024).toFixed(0)} KiB): time`,
        value: seconds,
        unit: 's',
        goal: 3,
      },
      { label: `${format} export: server memory growth (peak RSS)`, value: growthMb, unit: 'MB', goal: 100 },
    );
  }
  return findings;
}

export const machinesScenario: Scenario = {
  name: 'machines',
  title: `GET /api/customers/:id/machines (${MACHINE_COUNT.toLocaleString('en')} machines, ${CUSTOMER_COUNT.toLocaleString('en')} customers; this one ${BIG_CUSTOMER_MACHINES.toLocaleString('en')}): filters, search, sort, 25 per page`,
  goalP95Ms: { pglite: 60, postgres: 30 },
  as: 'admin',
  seed,
  // What the machines screen asks: first page, typed searches, every sort, filters, deep pages,
  // the archived toggle.
  paths: ({ big, location, type, brand }) => [
    q(big!, {}),
    q(big!, { search: 'compressor' }),
    q(big!, { search: 'INV-0012' }),
    q(big!, { search: 'sn4' }),
    q(big!, { sortKey: 'inventory_number', sortOrder: 'desc' }),
    q(big!, { sortKey: 'manufacture_year', page: 20 }),
    q(big!, { sortKey: 'status', page: 5 }),
    q(big!, { sortKey: 'created_at', sortOrder: 'desc', page: 150 }),
    q(big!, { location_id: location! }),
    q(big!, { location_id: location!, sortKey: 'inventory_number', page: 3 }),
    q(big!, { machine_type_id: type! }),
    q(big!, { brand_id: brand!, status: 'active' }),
    q(big!, { status: 'concept' }),
    q(big!, { archived: 1 }),
    q(big!, { search: 'heftruck', location_id: location!, status: 'active' }),
  ],
  measure: measureExport,
};
