import { integer, text, varchar } from 'drizzle-orm/pg-core';
import type { MachineStatus } from '@keurwijzer/shared/machines';

/*
 * The snapshot: what a submitted report shows of its list and machine, as it was when it was
 * submitted (null while open: an open report reads the live data). Written by a BEFORE trigger
 * (`report_snapshot`, migration 0017) in the statement that submits, whatever path submits, so
 * moving, renaming or archiving the machine, its brand, type, place or customer afterwards
 * changes no submitted report. The columns of `reports` (tasklists.ts).
 */
export const reportSnapshot = () => ({
  snapshotCustomerName: varchar('snapshot_customer_name', { length: 255 }),
  /** The task list's location. */
  snapshotLocationName: varchar('snapshot_location_name', { length: 255 }),
  snapshotMachineName: varchar('snapshot_machine_name', { length: 255 }),
  snapshotInventoryNumber: varchar('snapshot_inventory_number', { length: 255 }),
  snapshotFactoryNumber: varchar('snapshot_factory_number', { length: 255 }),
  snapshotManufacturer: varchar('snapshot_manufacturer', { length: 255 }),
  snapshotManufactureYear: integer('snapshot_manufacture_year'),
  snapshotMachineTypeName: varchar('snapshot_machine_type_name', { length: 255 }),
  snapshotBrandName: varchar('snapshot_brand_name', { length: 255 }),
  snapshotBrandTypeName: varchar('snapshot_brand_type_name', { length: 255 }),
  /** The machine's own place: location, department, room. */
  snapshotMachineLocationName: varchar('snapshot_machine_location_name', { length: 255 }),
  snapshotDepartmentName: varchar('snapshot_department_name', { length: 255 }),
  snapshotRoomName: varchar('snapshot_room_name', { length: 255 }),
  snapshotMachineStatus: text('snapshot_machine_status').$type<MachineStatus>(),
});
