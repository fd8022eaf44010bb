import { z } from 'zod';
import { MSG, emailField, newPasswordField, optionalText, requiredText, sentAs } from './validation';

/**
 * POST /api/register (self-registration, spec sections 2 and 5): the new user's name, e-mail and
 * password, twice, and the agreement to the terms. The answer is the same whether or not the
 * e-mail is taken (REGISTRATION_TEXT.checkEmail).
 */
export const RegisterInputSchema = z
  .object({
    first_name: requiredText(),
    preposition: optionalText(),
    last_name: requiredText(),
    email: emailField(),
    /** "Bedrijfsnaam": the office suggests the customer by it (name similarity). */
    company_name: requiredText(),
    /** "Klantnummer (als je dat weet)": the office suggests the customer with this number first. */
    customer_number: optionalText(),
    password: newPasswordField(),
    password_confirmation: z.string({ error: MSG.required }).min(1, { error: MSG.required }),
    /** The checkbox "Ik ga akkoord met de voorwaarden": true (a form sends 'on', '1' or 'true'). */
    terms: sentAs<boolean | string | undefined>()(
      z.preprocess(
        (v) => v === true || v === 'true' || v === '1' || v === 'on',
        z.literal(true, { error: MSG.required }),
      ),
    ),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: MSG.passwordMismatch,
  });
export type RegisterInput = z.output<typeof RegisterInputSchema>;
export type RegisterFormValues = z.input<typeof RegisterInputSchema>;

/**
 * POST /api/register/confirm: the activation link (activate/{token}) of a self-registered account,
 * whose password was chosen at registration: the token alone activates it.
 */
export const ConfirmRegistrationInputSchema = z.object({
  token: z.string({ error: MSG.required }).min(1, { error: MSG.required }).max(200, { error: MSG.invalidChoice }),
});
export type ConfirmRegistrationInput = z.output<typeof ConfirmRegistrationInputSchema>;

/**
 * POST /api/activation/check { token }: what kind of link activate/{token} is, without using it,
 * so the screen can ask for a deliberate click (a mail scanner that opens the link and runs its
 * script activates nothing). 422 `{ token: [REGISTRATION_TEXT.invalidLink] }` for any link that
 * works no more (unknown, expired, used, archived account).
 */
export const ActivationCheckInputSchema = ConfirmRegistrationInputSchema;
export type ActivationCheckFormValues = z.input<typeof ActivationCheckInputSchema>;

/** `invitation`: an admin's invitation (choose a password, POST /api/activate); `registration`: a self-registered account (POST /api/register/confirm). */
export const ActivationLinkSchema = z.object({ kind: z.enum(['invitation', 'registration']) });
export type ActivationLink = z.output<typeof ActivationLinkSchema>;

/**
 * Public mail providers: a waiting account's e-mail domain suggests a customer only when it is a
 * company's own domain, never one of these (GET /api/users/waiting; the server's SQL reads this
 * list). Lower case.
 */
export const PUBLIC_MAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'hotmail.com',
  'hotmail.nl',
  'outlook.com',
  'outlook.nl',
  'live.com',
  'live.nl',
  'msn.com',
  'ziggo.nl',
  'kpnmail.nl',
  'kpnplanet.nl',
  'planet.nl',
  'home.nl',
  'xs4all.nl',
  'hetnet.nl',
  'casema.nl',
  'chello.nl',
  'upcmail.nl',
  'telfort.nl',
  'tele2.nl',
  'online.nl',
  'icloud.com',
  'me.com',
  'mac.com',
  'yahoo.com',
  'yahoo.nl',
  'aol.com',
  'gmx.com',
  'gmx.net',
  'proton.me',
  'protonmail.com',
] as const;

/** Whether `email`'s domain is a public mail provider's (PUBLIC_MAIL_DOMAINS). */
export const isPublicMailDomain = (email: string): boolean =>
  (PUBLIC_MAIL_DOMAINS as readonly string[]).includes(email.slice(email.lastIndexOf('@') + 1).toLowerCase());

export const REGISTRATION_TEXT = {
  companyName: 'Bedrijfsnaam',
  customerNumber: 'Klantnummer (als je dat weet)',
  terms: 'Ik ga akkoord met de voorwaarden',
  checkEmail:
    'Controleer je e-mail. We hebben je een e-mail gestuurd met een link om je account te activeren. De link is 72 uur geldig.',
  confirmed: 'Je account is geactiveerd. Je kunt nu inloggen.',
  invalidLink: 'Deze activatielink is ongeldig of verlopen.',
  invalidLinkHint: 'Is je account al actief? Log dan in. Anders kan de beheerder je een nieuwe activatielink sturen.',
  confirmIntro: 'Klik op de knop hieronder om je account te activeren. Daarna kun je inloggen.',
  confirmButton: 'Account activeren',
  throttled: 'Te veel registratiepogingen. Probeer het later opnieuw.',
  waiting: 'Je account is aangemaakt. Een beheerder koppelt je account aan je bedrijf; daarna zie je hier je machines.',
} as const;
