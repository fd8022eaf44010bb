import { eq, inArray } from 'drizzle-orm';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import type { Executor } from '../db/client';
import { departments, locations, rooms } from '../db/schema/customers';
import { machineQuestionnaires, machines } from '../db/schema/machines';
import { brandTypes, brands, machineTypes } from '../db/schema/master-data';
import { questionnaires } from '../db/schema/questionnaires';
import { demoQuestionnaireFor } from './master-data';

/**
 * Machine kinds: name, machine type, brand, typical price in euros, and the inspection types they
 * get a questionnaire of (always one of their own machine type: master-data.ts).
 */
const KINDS: { name: string; type: string; brand: string; price: number; inspections: InspectionType[] }[] = [
  {
    name: 'Schroefcompressor',
    type: 'Compressor',
    brand: 'Atlas Copco',
    price: 8950,
    inspections: ['maintenance', 'inspection'],
  },
  {
    name: 'Schroefcompressor met koeldroger',
    type: 'Compressor',
    brand: 'Kaeser',
    price: 2450,
    inspections: ['maintenance', 'inspection'],
  },
  {
    name: 'Elektrische heftruck',
    type: 'Heftruck',
    brand: 'Still',
    price: 28500,
    inspections: ['inspection', 'maintenance'],
  },
  {
    name: 'Reachtruck',
    type: 'Heftruck',
    brand: 'Jungheinrich',
    price: 34900,
    inspections: ['inspection', 'maintenance'],
  },
  {
    name: 'Elektrische stapelaar',
    type: 'Stapelaar',
    brand: 'Jungheinrich',
    price: 9800,
    inspections: ['inspection', 'maintenance'],
  },
  {
    name: 'Kolomboormachine',
    type: 'Kolomboormachine',
    brand: 'Optimum',
    price: 1890,
    inspections: ['inspection_maintenance', 'safety'],
  },
  { name: 'Afkortzaag', type: 'Zaagmachine', brand: 'Metabo', price: 649, inspections: ['inspection', 'safety'] },
  {
    name: 'Invalcirkelzaag',
    type: 'Zaagmachine',
    brand: 'Festool',
    price: 729,
    inspections: ['inspection', 'safety'],
  },
  {
    name: 'Accuboormachine',
    type: 'Handgereedschap elektrisch',
    brand: 'Makita',
    price: 189,
    inspections: ['inspection'],
  },
  { name: 'Boorhamer', type: 'Handgereedschap elektrisch', brand: 'Hilti', price: 549, inspections: ['inspection'] },
  {
    name: 'Haakse slijper',
    type: 'Handgereedschap elektrisch',
    brand: 'Bosch',
    price: 159,
    inspections: ['inspection'],
  },
  {
    name: 'Draaibank',
    type: 'Draaibank',
    brand: 'Optimum',
    price: 7400,
    inspections: ['inspection_maintenance', 'safety'],
  },
];

/**
 * About 150 demo machines spread over the demo customers' places, with realistic names, brands,
 * types, years and prices; a few are concept (added in the field) and a few archived.
 */
export async function seedMachines(tx: Executor, customerIds: number[]): Promise<void> {
  const brandRows = await tx.select().from(brands);
  const typeRows = await tx.select().from(brandTypes);
  const machineTypeRows = await tx.select().from(machineTypes);
  const questionnaireRows = await tx.select().from(questionnaires).where(eq(questionnaires.status, 'active'));
  const brandId = (name: string) => brandRows.find((b) => b.name === name)!.id;
  const typeOf = (brand: number, i: number) => {
    const list = typeRows.filter((t) => t.brandId === brand);
    return list[i % list.length]?.id ?? null;
  };

  let serial = 0;
  for (const [c, customerId] of customerIds.entries()) {
    const locs = await tx.select().from(locations).where(eq(locations.customerId, customerId));
    const deps = await tx
      .select()
      .from(departments)
      .where(
        inArray(
          departments.locationId,
          locs.map((l) => l.id),
        ),
      );
    const roomRows = deps.length
      ? await tx
          .select()
          .from(rooms)
          .where(
            inArray(
              rooms.departmentId,
              deps.map((d) => d.id),
            ),
          )
      : [];
    const count = [60, 45, 45][c] ?? 30;
    const values = Array.from({ length: count }, (_, i) => {
      serial++;
      const kind = KINDS[(i + c * 5) % KINDS.length]!;
      const dep = deps[i % Math.max(1, deps.length)];
      const location = dep ? locs.find((l) => l.id === dep.locationId)! : locs[i % locs.length]!;
      const room = dep ? roomRows.filter((r) => r.departmentId === dep.id)[i % 3] : undefined;
      const brand = brandId(kind.brand);
      return {
        customerId,
        locationId: location.id,
        departmentId: dep?.id ?? null,
        roomId: room?.id ?? null,
        name: `${kind.name} ${String.fromCharCode(65 + (i % 6))}`,
        inventoryNumber: `INV-${String(c + 1).padStart(2, '0')}${String(i + 1).padStart(3, '0')}`,
        factoryNumber: `SN${(982341 + serial * 7919).toString(36).toUpperCase()}`,
        manufacturer: kind.brand,
        manufactureYear: 2004 + ((i * 7) % 21),
        machineTypeId: machineTypeRows.find((t) => t.name === kind.type)?.id ?? null,
        brandId: brand,
        brandTypeId: typeOf(brand, i),
        status: i % 29 === 7 ? ('concept' as const) : i % 31 === 11 ? ('inactive' as const) : ('active' as const),
        priceCents: kind.price * 100,
        archivedAt: i % 23 === 19 ? new Date() : null,
      };
    });
    const inserted = await tx.insert(machines).values(values).returning({ id: machines.id });
    const links = inserted.flatMap((m, i) => {
      const kind = KINDS[(i + c * 5) % KINDS.length]!;
      return kind.inspections.map((type) => {
        const name = demoQuestionnaireFor(kind.type, type);
        const q = questionnaireRows.find((row) => row.name === name && row.inspectionType === type);
        if (!q) throw new Error(`No active demo questionnaire of type ${type} for machine type ${kind.type}`);
        return { machineId: m.id, inspectionType: type, questionnaireId: q.id };
      });
    });
    if (links.length) await tx.insert(machineQuestionnaires).values(links);
  }
}
