import { z } from 'zod';

/**
 * A customer as a choice in a select (the customer of a customer user). The customers work
 * extends this with the full customer record.
 */
export const CustomerOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  customer_number: z.string(),
});
export type CustomerOption = z.infer<typeof CustomerOptionSchema>;
