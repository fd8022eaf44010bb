import { z } from 'zod';
import { listQuerySchema } from './api';
import { MSG, emailField, optionalText, requiredText } from './validation';

/** A customer as a choice in a select (the customer of a customer user, a filter). */
export const CustomerOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  customer_number: z.string(),
});
export type CustomerOption = z.infer<typeof CustomerOptionSchema>;

/** Dutch postcode: four digits (not starting with 0) and two letters, stored as "1234 AB". */
export const POSTCODE_MESSAGE = 'Ongeldige postcode (bijvoorbeeld 1234 AB)';
const POSTCODE = /^\s*([1-9][0-9]{3})\s*([a-zA-Z]{2})\s*$/;

/** Normalises "1234ab" and " 1234 Ab " to "1234 AB"; null when it is not a postcode. */
export function normalizePostcode(value: string): string | null {
  const m = POSTCODE.exec(value);
  return m ? `${m[1]} ${m[2]!.toUpperCase()}` : null;
}

export const postcodeField = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required, abort: true })
    .refine((v) => normalizePostcode(v) !== null, { error: POSTCODE_MESSAGE, abort: true })
    .transform((v) => normalizePostcode(v)!);

/** The address fields of a location (and a customer's invoice address). */
export const addressShape = {
  street: requiredText(),
  house_number: requiredText(20),
  addition: optionalText(20),
  postcode: postcodeField(),
  city: requiredText(),
};

/** An empty or blank optional input is no value (not "Verplicht"), like optionalText(). */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const optionalAddress = {
  street: optionalText(),
  house_number: optionalText(20),
  addition: optionalText(20),
  postcode: z.preprocess(blankToNull, postcodeField().nullish()).transform((v) => v ?? null),
  city: optionalText(),
};

/** A customer (product-decisions "Customer"): the invoice address is optional. */
export const CustomerSchema = CustomerOptionSchema.extend({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  contact_person: z.string().nullable(),
  street: z.string().nullable(),
  house_number: z.string().nullable(),
  addition: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  locations_count: z.number().int(),
  users_count: z.number().int(),
});
export type Customer = z.infer<typeof CustomerSchema>;

export const CustomerInputSchema = z.object({
  name: requiredText(),
  customer_number: requiredText(50),
  email: z.preprocess(blankToNull, emailField().nullish()).transform((v) => v ?? null),
  phone: optionalText(50),
  contact_person: optionalText(),
  ...optionalAddress,
});
export type CustomerInput = z.output<typeof CustomerInputSchema>;
export type CustomerFormValues = z.input<typeof CustomerInputSchema>;

export const CUSTOMER_SORT_KEYS = ['name', 'customer_number', 'city', 'created_at'] as const;
export const CustomerListQuerySchema = listQuerySchema(CUSTOMER_SORT_KEYS, 'name');

/** A location (vestiging) of a customer. */
export const LocationSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  name: z.string(),
  street: z.string(),
  house_number: z.string(),
  addition: z.string().nullable(),
  postcode: z.string(),
  city: z.string(),
  departments_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Location = z.infer<typeof LocationSchema>;
export const LocationInputSchema = z.object({ name: requiredText(), ...addressShape });
export type LocationInput = z.output<typeof LocationInputSchema>;
export type LocationFormValues = z.input<typeof LocationInputSchema>;
export const LOCATION_SORT_KEYS = ['name', 'city', 'postcode', 'created_at'] as const;
export const LocationListQuerySchema = listQuerySchema(LOCATION_SORT_KEYS, 'name');

/** A department (afdeling) of a location. */
export const DepartmentSchema = z.object({
  id: z.number().int(),
  location_id: z.number().int(),
  name: z.string(),
  rooms_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Department = z.infer<typeof DepartmentSchema>;

/** A room (ruimte) of a department. */
export const RoomSchema = z.object({
  id: z.number().int(),
  department_id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Room = z.infer<typeof RoomSchema>;

/** "Straat 12a, 1234 AB Plaats". */
export function formatAddress(a: {
  street: string | null;
  house_number: string | null;
  addition: string | null;
  postcode: string | null;
  city: string | null;
}): string {
  const line1 = [a.street, [a.house_number, a.addition].filter(Boolean).join('')].filter(Boolean).join(' ');
  const line2 = [a.postcode, a.city].filter(Boolean).join(' ');
  return [line1, line2].filter(Boolean).join(', ');
}
