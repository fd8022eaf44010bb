import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { seenByCustomer } from '../../db/shared-facts';
import { machineImages, machines } from '../../db/schema/machines';
import type { MachineScope } from './machines.policy';

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

    /**
     * The machine's image when the machine is in `scope` (the customer portal: its customer's
     * machines in use), in one statement; undefined otherwise, whatever the reason.
     */
    async findInScope(scope: MachineScope, machineId: number, imageId: number): Promise<MachineImageRow | undefined> {
      const [row] = await db
        .select({ image: getTableColumns(machineImages) })
        .from(machineImages)
        .innerJoin(machines, eq(machines.id, machineImages.machineId))
        .where(
          and(
            eq(machineImages.id, imageId),
            eq(machineImages.machineId, machineId),
            scope.customerId === undefined ? undefined : eq(machines.customerId, scope.customerId),
            scope.inUseOnly ? seenByCustomer('machines') : undefined,
          ),
        );
      return row?.image;
    },

    async insert(values: typeof machineImages.$inferInsert): Promise<MachineImageRow> {
      const [row] = await db.insert(machineImages).values(values).returning();
      return row!;
    },

    /**
     * Deletes the machine's image in one statement; its file keys, or undefined when no row went
     * (it was never there, or a delete at the same time took it), so only one request removes the
     * files and answers 200.
     */
    async delete(
      machineId: number,
      imageId: number,
    ): Promise<Pick<MachineImageRow, 'fileKey' | 'thumbKey'> | undefined> {
      const [row] = await db
        .delete(machineImages)
        .where(and(eq(machineImages.id, imageId), eq(machineImages.machineId, machineId)))
        .returning({ fileKey: machineImages.fileKey, thumbKey: machineImages.thumbKey });
      return row;
    },
  };
}

export type MachineImagesRepository = ReturnType<typeof createMachineImagesRepository>;
