import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { machineImages, machines } from '../../db/schema/machines';

export type MachineImageRow = typeof machineImages.$inferSelect;

/** The images of a machine: their rows (the files are in the storage). */
export function createMachineImagesRepository(db: Db) {
  return {
    /** Whether the machine exists and belongs to the customer. */
    machineExists: async (customerId: number, machineId: number): Promise<boolean> =>
      (await db.$count(machines, and(eq(machines.id, machineId), eq(machines.customerId, customerId)))) > 0,

    list: (machineId: number): Promise<MachineImageRow[]> =>
      db.select().from(machineImages).where(eq(machineImages.machineId, machineId)).orderBy(asc(machineImages.id)),

    async find(machineId: number, imageId: number): Promise<MachineImageRow | undefined> {
      const [row] = await db
        .select()
        .from(machineImages)
        .where(and(eq(machineImages.id, imageId), eq(machineImages.machineId, machineId)));
      return row;
    },

    async insert(values: typeof machineImages.$inferInsert): Promise<MachineImageRow> {
      const [row] = await db.insert(machineImages).values(values).returning();
      return row!;
    },

    async delete(imageId: number): Promise<void> {
      await db.delete(machineImages).where(eq(machineImages.id, imageId));
    },
  };
}

export type MachineImagesRepository = ReturnType<typeof createMachineImagesRepository>;
