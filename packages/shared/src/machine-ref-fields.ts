import { z } from 'zod';

/* The machine a row of a list is about, spread into the list's schema after its own id. */

/** The machine by id, name and inventory number. */
export const machineRefFields = {
  machine_id: z.number().int(),
  machine_name: z.string(),
  inventory_number: z.string(),
};

/** The customer and location the machine stands at, then the machine (the office's lists). */
export const machineAtCustomerFields = {
  customer_id: z.number().int(),
  customer_name: z.string(),
  location_name: z.string(),
  ...machineRefFields,
};
