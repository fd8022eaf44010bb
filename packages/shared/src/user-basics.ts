import { z } from 'zod';
import { MSG, PASSWORD_MAX, emailField } from './validation';

/*
 * What the login page and the main layout need of the users module: its languages, the login form
 * and the name helpers. A module of its own because the web app's first chunk holds what the login
 * page loads, and building all of users.ts's schemas there was a large part of every page's
 * start-up on a phone. users.ts exports these too.
 */

/** Interface languages (spec section 1): Dutch only; default and fallback. */
export const LANGUAGES = ['nl'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LoginInputSchema = z.object({
  email: emailField(),
  password: z
    .string({ error: MSG.required })
    .min(1, { error: MSG.required, abort: true })
    .max(PASSWORD_MAX, { error: `Maximaal ${PASSWORD_MAX} tekens` }),
});
export type LoginInput = z.output<typeof LoginInputSchema>;
export type LoginFormValues = z.input<typeof LoginInputSchema>;

/** The parts of a person's name, as a user row has them. */
export type PersonName = { first_name: string; preposition: string | null; last_name: string };

/** "Voornaam [tussenvoegsel] achternaam". */
export function fullName(user: PersonName): string {
  return [user.first_name, user.preposition, user.last_name].filter(Boolean).join(' ');
}

/** The displayed last name is preposition plus last name (spec section 3). */
export function displayLastName(user: Pick<PersonName, 'preposition' | 'last_name'>): string {
  return [user.preposition, user.last_name].filter(Boolean).join(' ');
}
