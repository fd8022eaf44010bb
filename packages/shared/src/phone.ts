import { z } from 'zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { MSG } from './validation';

/*
 * Phone numbers: on the profile and a malfunction's "Bereikbaar op". Apart from
 * validation.ts so only the forms that ask for a number load libphonenumber-js's metadata.
 */
export const PHONE_TEXT = {
  invalid: 'Ongeldig telefoonnummer',
  hint: 'Bijvoorbeeld 06 12345678 of +32 470 12 34 56',
} as const;

/**
 * An optional phone number, Dutch (06 12345678, 010-1234567, +31 ...) or international (+ and
 * the country code), checked with libphonenumber-js's full metadata (the "min" set took 12345 for a Dutch number) and kept in its international
 * form ("+31 6 12345678"); empty becomes null.
 */
export const optionalPhoneField = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .max(32, { error: PHONE_TEXT.invalid })
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const number = parsePhoneNumberFromString(v, 'NL');
      if (!number?.isValid()) {
        ctx.addIssue({ code: 'custom', message: PHONE_TEXT.invalid });
        return z.NEVER;
      }
      return number.formatInternational();
    });
