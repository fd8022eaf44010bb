import { z } from 'zod';
import { MSG, PASSWORD_MAX, emailField, newPasswordField } from './validation';

/** The password rule as a hint under a new-password field (and what the strength check wants). */
export const PASSWORD_HINT =
  'Minimaal 8 tekens, met een hoofdletter, een kleine letter, een cijfer en een speciaal teken. ' +
  'Niet makkelijk te raden: bijvoorbeeld een paar losse woorden, zonder je naam.';

/** POST /api/activate: the invitation token and the chosen password, twice. */
export const ActivateInputSchema = z
  .object({
    token: z.string({ error: MSG.required }).min(1, { error: MSG.required }).max(200, { error: MSG.invalidChoice }),
    password: newPasswordField(),
    password_confirmation: z.string({ error: MSG.required }).min(1, { error: MSG.required }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: MSG.passwordMismatch,
  });
export type ActivateInput = z.output<typeof ActivateInputSchema>;
export type ActivateFormValues = z.input<typeof ActivateInputSchema>;

/** Minutes a password reset link is valid (security.md, product-decisions "Accounts"). */
export const PASSWORD_RESET_MINUTES = 60;

/** The texts of forgot, reset and change password (the server's answers and the screens'). */
export const PASSWORD_TEXT = {
  /** The answer to every forgot-password request, known address or not (no enumeration). */
  recoverSent:
    'Als dit e-mailadres bij ons bekend is, ontvang je binnen enkele minuten een e-mail met een link om een nieuw wachtwoord in te stellen.',
  resetDone: 'Je wachtwoord is gewijzigd. Je kunt nu inloggen met je nieuwe wachtwoord.',
  invalidResetLink: 'Deze link is verlopen of al gebruikt. Vraag een nieuwe aan.',
  changed: 'Wachtwoord is gewijzigd',
  wrongCurrentPassword: 'Het opgegeven wachtwoord is onjuist.',
  sameAsCurrent: 'Kies een ander wachtwoord dan je huidige.',
  recoverThrottled: 'Er zijn te veel aanvragen gedaan. Probeer het over een uur opnieuw.',
  changeThrottled: 'Te veel pogingen. Probeer het over een minuut opnieuw.',
  /** An admin required a new password (POST /api/users/:id/require-password-change). */
  changeRequired: 'Wijzig eerst je wachtwoord.',
  changeRequiredExplanation: 'Een beheerder vraagt je een nieuw wachtwoord te kiezen.',
  changeRequiredSet: 'Wachtwoord wijzigen is verplicht gesteld',
  changeRequiredSelf: 'Je kunt dit niet voor je eigen account verplichten; wijzig je wachtwoord via je profiel.',
  changeRequiredNoPassword:
    'Deze gebruiker heeft geen wachtwoord (nog niet geactiveerd of alleen Google-login), dus er valt niets te wijzigen.',
} as const;

/** A new password and its repeat, with the spec's rule. */
const newPasswordShape = () => ({
  password: newPasswordField(),
  password_confirmation: z.string({ error: MSG.required }).min(1, { error: MSG.required }),
});
/** "Wachtwoorden komen niet overeen" on the repeat. */
const passwordsMatch: [
  (v: { password: string; password_confirmation: string }) => boolean,
  { path: string[]; error: string },
] = [(v) => v.password === v.password_confirmation, { path: ['password_confirmation'], error: MSG.passwordMismatch }];

/** POST /api/password-recover: the address to send a reset link to. */
export const PasswordRecoverInputSchema = z.object({ email: emailField() });
export type PasswordRecoverInput = z.output<typeof PasswordRecoverInputSchema>;
export type PasswordRecoverFormValues = z.input<typeof PasswordRecoverInputSchema>;

/** POST /api/password-reset: the e-mailed token and the new password, twice. */
export const PasswordResetInputSchema = z
  .object({
    token: z.string({ error: MSG.required }).min(1, { error: MSG.required }).max(200, { error: MSG.invalidChoice }),
    ...newPasswordShape(),
  })
  .refine(...passwordsMatch);
export type PasswordResetInput = z.output<typeof PasswordResetInputSchema>;
export type PasswordResetFormValues = z.input<typeof PasswordResetInputSchema>;

/** POST /api/change-password: the current password and the new one, twice. */
export const ChangePasswordInputSchema = z
  .object({
    current_password: z
      .string({ error: MSG.required })
      .min(1, { error: MSG.required, abort: true })
      .max(PASSWORD_MAX, { error: MSG.passwordTooLong }),
    ...newPasswordShape(),
  })
  .refine(...passwordsMatch);
export type ChangePasswordInput = z.output<typeof ChangePasswordInputSchema>;
export type ChangePasswordFormValues = z.input<typeof ChangePasswordInputSchema>;
