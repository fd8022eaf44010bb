import { z } from 'zod';
import { MSG, newPasswordField } from './validation';

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
