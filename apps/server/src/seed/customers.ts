import type { Executor } from '../db/client';
import { customers, departments, locations, rooms } from '../db/schema/customers';

type Site = {
  name: string;
  street: string;
  houseNumber: string;
  postcode: string;
  city: string;
  departments: Record<string, string[]>;
};

/** Three demo customers with their sites (vestigingen), departments and rooms. */
const DEMO: { customer: typeof customers.$inferInsert; sites: Site[] }[] = [
  {
    customer: {
      name: 'Metaalbewerking Brabant B.V.',
      customerNumber: 'K-1001',
      email: 'onderhoud@metaalbrabant.nl',
      phone: '040-2123456',
      contactPerson: 'Femke de Jong',
      street: 'Industrieweg',
      houseNumber: '12',
      postcode: '5651 GK',
      city: 'Eindhoven',
    },
    sites: [
      {
        name: 'Eindhoven',
        street: 'Industrieweg',
        houseNumber: '12',
        postcode: '5651 GK',
        city: 'Eindhoven',
        departments: {
          Plaatwerk: ['Hal 1', 'Hal 2'],
          Verspaning: ['CNC-ruimte', 'Draaierij'],
          Magazijn: ['Expeditie'],
        },
      },
      {
        name: 'Helmond',
        street: 'Varenschut',
        houseNumber: '7',
        postcode: '5705 DK',
        city: 'Helmond',
        departments: { Lasafdeling: ['Lascabines'], Onderhoud: ['Werkplaats'] },
      },
    ],
  },
  {
    customer: {
      name: 'Houtindustrie De Eik',
      customerNumber: 'K-1002',
      email: 'info@de-eik.nl',
      phone: '0318-654321',
      contactPerson: 'Bram Smit',
      street: 'Houtkade',
      houseNumber: '3',
      postcode: '6711 AB',
      city: 'Ede',
    },
    sites: [
      {
        name: 'Ede',
        street: 'Houtkade',
        houseNumber: '3',
        postcode: '6711 AB',
        city: 'Ede',
        departments: { Zagerij: ['Zaaghal'], Schaverij: ['Schaafruimte'], Afwerking: ['Spuitcabine', 'Montage'] },
      },
      {
        name: 'Barneveld',
        street: 'Nijverheidsweg',
        houseNumber: '21',
        postcode: '3771 ME',
        city: 'Barneveld',
        departments: { Opslag: ['Loods'] },
      },
    ],
  },
  {
    customer: {
      name: 'Bouwbedrijf Van Dam & Zn.',
      customerNumber: 'K-1003',
      email: 'materieel@vandambouw.nl',
      phone: '010-4567890',
      contactPerson: 'Kees van Dam',
      street: 'Havenstraat',
      houseNumber: '88',
      addition: 'B',
      postcode: '3024 TA',
      city: 'Rotterdam',
    },
    sites: [
      {
        name: 'Materieeldienst Rotterdam',
        street: 'Havenstraat',
        houseNumber: '88',
        postcode: '3024 TA',
        city: 'Rotterdam',
        departments: { Materieelopslag: ['Loods A', 'Loods B'], Werkplaats: ['Keuringsruimte'] },
      },
      {
        name: 'Steunpunt Dordrecht',
        street: 'Zeehavenweg',
        houseNumber: '5',
        postcode: '3316 AT',
        city: 'Dordrecht',
        departments: { Buitenterrein: [] },
      },
      {
        name: 'Steunpunt Gouda',
        street: 'Goudse Poort',
        houseNumber: '140',
        postcode: '2803 PA',
        city: 'Gouda',
        departments: { Magazijn: ['Stelling'] },
      },
    ],
  },
];

/** Seeds the demo customers with their placements; returns the customer ids in order. */
export async function seedCustomers(tx: Executor): Promise<number[]> {
  const ids: number[] = [];
  for (const { customer, sites } of DEMO) {
    const [row] = await tx.insert(customers).values(customer).returning({ id: customers.id });
    ids.push(row!.id);
    for (const site of sites) {
      const { departments: deps, ...address } = site;
      const [loc] = await tx
        .insert(locations)
        .values({ ...address, customerId: row!.id })
        .returning({ id: locations.id });
      for (const [name, roomNames] of Object.entries(deps)) {
        const [dep] = await tx
          .insert(departments)
          .values({ name, locationId: loc!.id })
          .returning({ id: departments.id });
        if (roomNames.length > 0)
          await tx.insert(rooms).values(roomNames.map((r) => ({ name: r, departmentId: dep!.id })));
      }
    }
  }
  return ids;
}
