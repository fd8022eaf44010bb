import { z } from 'zod';

/** Limits of spec section 9. */
export const MAX_TEXT = 255;
export const PASSWORD_MIN = 8;
/** Longer passwords only cost hashing time (security.md). */
export const PASSWORD_MAX = 128;
/** Largest value of a PostgreSQL integer: ids above it are not ids. */
export const MAX_ID = 2_147_483_647;

/** Dutch validation messages of spec section 5. */
export const MSG = {
  required: 'Verplicht',
  maxText: `Maximaal ${MAX_TEXT} tekens`,
  email: 'Ongeldig e-mailadres',
  passwordWeak: 'Je wachtwoord is niet sterk genoeg',
  passwordMismatch: 'Wachtwoorden komen niet overeen',
  passwordTooLong: `Maximaal ${PASSWORD_MAX} tekens`,
  invalidChoice: 'Ongeldige keuze',
  invalidNumber: 'Ongeldig getal',
  invalidCharacters: 'Bevat ongeldige tekens',
} as const;

/**
 * Declares what a client sends for a field whose parser is lenient (form strings, numbers, '').
 * `z.input` of a schema is the value type of its form and of the web's API calls; without this a
 * `z.preprocess` field's input would be `unknown`, and a form could send its parsed output (a
 * price in cents where the server expects euros) without a type error.
 */
export const sentAs =
  <In>() =>
  <S extends z.ZodType>(schema: S): z.ZodType<z.output<S>, In> =>
    schema as unknown as z.ZodType<z.output<S>, In>;

/** PostgreSQL text cannot hold the NUL character; refuse it as input instead of failing later. */
export const hasNoNul = (v: string): boolean => !v.includes('\u0000');

/** A required text: trimmed, not empty, at most 255 characters. */
export const requiredText = (max = MAX_TEXT) =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required, abort: true })
    .max(max, { error: max === MAX_TEXT ? MSG.maxText : `Maximaal ${max} tekens` })
    .refine(hasNoNul, { error: MSG.invalidCharacters });

/** An optional text: trimmed, at most 255 characters; empty becomes null. */
export const optionalText = (max = MAX_TEXT) =>
  z
    .string({ error: MSG.required })
    .trim()
    .max(max, { error: max === MAX_TEXT ? MSG.maxText : `Maximaal ${max} tekens` })
    .refine(hasNoNul, { error: MSG.invalidCharacters })
    .nullish()
    .transform((v) => (v ? v : null));

/** A list's search text: trimmed, at most 255 characters, optional. */
export const searchField = () =>
  z
    .string({ error: MSG.invalidChoice })
    .trim()
    .max(MAX_TEXT, { error: MSG.maxText })
    .refine(hasNoNul, { error: MSG.invalidCharacters })
    .optional();

/** An e-mail address, trimmed and lower-cased. */
export const emailField = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .toLowerCase()
    .min(1, { error: MSG.required, abort: true })
    .max(MAX_TEXT, { error: MSG.maxText, abort: true })
    .pipe(z.email({ error: MSG.email }));

/** The password rule of spec section 5: 8+ characters with upper, lower, digit and special. */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN &&
    /[A-Z]/.test(value) &&
    /[a-z]/.test(value) &&
    /[0-9]/.test(value) &&
    /[^A-Za-z0-9]/.test(value)
  );
}

export const newPasswordField = () =>
  z
    .string({ error: MSG.required })
    .min(1, { error: MSG.required, abort: true })
    .max(PASSWORD_MAX, { error: MSG.passwordTooLong, abort: true })
    .refine(isStrongPassword, { error: MSG.passwordWeak });

/** "Verplicht" when nothing was given, otherwise `message`. */
const missingOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? MSG.required : message;

/**
 * An id in a path or a form: a positive PostgreSQL integer. Form values arrive as strings;
 * nothing given is "Verplicht", anything else that is not an id "Ongeldig getal".
 */
export const idField = () =>
  sentAs<number | string>()(
    z.preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
      z
        .number({ error: missingOr(MSG.invalidNumber) })
        .int({ error: MSG.invalidNumber })
        .positive({ error: MSG.invalidNumber })
        .max(MAX_ID, { error: MSG.invalidNumber }),
    ),
  );

/** One of `values`: nothing given is "Verplicht", an unknown value "Ongeldige keuze". */
export const choiceField = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: missingOr(MSG.invalidChoice) });

/** An optional id: '' / null / undefined become null. */
export const optionalIdField = () =>
  sentAs<number | string | null | undefined>()(
    z.preprocess((v) => (v === '' || v === undefined ? null : v), idField().nullable()),
  );

/**
 * A boolean flag from a query string or a form: 1/0/true/false. Anything else is "Ongeldige keuze"
 * and nothing "Verplicht" (the union's own message would be zod's English "Invalid input").
 */
export const flagField = () =>
  z
    .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])], { error: missingOr(MSG.invalidChoice) })
    .transform((v) => v === true || v === '1' || v === 'true');
