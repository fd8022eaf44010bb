import { z } from 'zod';
import { optionalPhoneField } from './phone';
import { CurrentUserSchema, LANGUAGES, type Language } from './users';
import { choiceField, flagField, optionalText, requiredText } from './validation';

/**
 * The profile: what a logged-in user changes of its own account. Not the e-mail
 * address and not the role (user management does those); the password has its own screen
 * (POST /api/change-password), two-factor sign-in its own calls.
 */

/**
 * PUT /api/profile: name and language preference (spec section 1: only nl exists), and whether the
 * user gets the reminder mails (weekly to the office, monthly to customer users);
 * `reminder_mails` left out stays as it is (a form sends 1/0).
 */
export const ProfileInputSchema = z.object({
  first_name: requiredText(),
  preposition: optionalText(),
  last_name: requiredText(),
  lang: choiceField(LANGUAGES),
  reminder_mails: flagField().optional(),
  /**
   * The phone number: optional, Dutch or international, kept in its international form;
   * prefills a malfunction's "Bereikbaar op". '' clears it; left out stays as it is.
   */
  phone: optionalPhoneField().optional(),
  /** The mails about the user's own malfunctions (status changes, notes); left out stays as it is. */
  malfunction_mails: flagField().optional(),
});
export type ProfileInput = z.output<typeof ProfileInputSchema>;
export type ProfileFormValues = z.input<typeof ProfileInputSchema>;

/** GET and PUT /api/profile answer the logged-in user with its profile's own settings. */
export const ProfileSchema = CurrentUserSchema.extend({
  /** The reminder mails are on (the switch "Herinneringsmails ontvangen"). */
  reminder_mails: z.boolean(),
  /** The phone number ("+31 6 12345678"), or null. */
  phone: z.string().nullable(),
  /** The mails about the user's own malfunctions are on (the switch "E-mails over mijn storingen"). */
  malfunction_mails: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** The profile photo is stored as a square WebP of at most this many pixels a side. */
export const PROFILE_PHOTO_SIDE = 512;

/** The names of the languages in the language select. */
export const LANGUAGE_LABELS: Record<Language, string> = { nl: 'Nederlands' };

/** Texts of the profile: the server's answers and the screen's. */
export const PROFILE_TEXT = {
  /** The spec's success text (section 8). */
  changed: 'Profiel is gewijzigd',
  photoChanged: 'Foto is gewijzigd',
  photoRemoved: 'Foto is verwijderd',
  photoMissing: 'Kies een foto om te uploaden',
  noPhoto: 'Je hebt geen foto.',
  /** The switch of the reminder mails, and what it means. */
  reminderMails: 'Herinneringsmails ontvangen',
  reminderMailsOffice:
    'Elke maandag een e-mail met per klant de machines waarvan de keuring verlopen is, die afgekeurd zijn of ' +
    'die in de komende 4 weken gekeurd moeten worden.',
  reminderMailsCustomer:
    'Elke maand een e-mail als er machines van je bedrijf zijn waarvan de keuring verlopen is of die afgekeurd zijn.',
  /** The phone number and the switch of the malfunction mails. */
  phone: 'Telefoonnummer',
  phoneHelp: 'Om je terug te bellen over een storing. Bijvoorbeeld 06 12345678 of +32 470 12 34 56',
  malfunctionMails: 'E-mails over mijn storingen',
  malfunctionMailsHelp:
    'Een e-mail als de status van een storing die je meldde verandert of als we er iets over laten weten.',
} as const;
