import { z } from 'zod';
import { MSG, PASSWORD_MAX } from './validation';

/**
 * Two-factor sign-in (TOTP, RFC 6238): the calls' contracts and the screens' texts. The server
 * checks codes with otplib (6 digits, 30 seconds, SHA-1: what every authenticator app speaks).
 */

/** How many recovery codes an activation (or a new set) gives. */
export const RECOVERY_CODE_COUNT = 10;

/** The texts of the two-factor calls and screens. */
export const TWO_FACTOR_TEXT = {
  wrongCode: 'De code is onjuist.',
  reusedCode: 'Deze code is al gebruikt. Wacht op de volgende code van je app.',
  wrongRecoveryCode: 'De herstelcode is onjuist of al gebruikt.',
  codeFormat: 'Vul de 6 cijfers uit je app in',
  alreadyEnabled: 'Tweestapsverificatie staat al aan.',
  notStarted: 'Start het instellen van tweestapsverificatie opnieuw.',
  notEnabled: 'Tweestapsverificatie staat niet aan.',
  enabled: 'Tweestapsverificatie staat aan.',
  disabled: 'Tweestapsverificatie is uitgeschakeld.',
  newRecoveryCodes: 'Er zijn nieuwe herstelcodes gemaakt. De oude werken niet meer.',
  noPassword: 'Je account heeft geen wachtwoord. Stel eerst een wachtwoord in om dit te bevestigen.',
  /** 403 on every other call while compulsory two-factor is not on yet. */
  setupRequired: 'Stel eerst tweestapsverificatie in.',
  /** POST /api/users/:id/reset-two-factor: an admin turned a user's two-factor off. */
  resetDone: 'Tweestapsverificatie van deze gebruiker is uitgeschakeld.',
  resetSelf: 'Je eigen tweestapsverificatie zet je uit op je profiel.',
  /** POST /api/2fa without a session that waits for the second factor. */
  noPendingLogin: 'Je inlogpoging is verlopen. Log opnieuw in.',
  /** Under the 2fa screen: what to do without the phone. */
  lostDevice: 'Geen toegang tot je app en geen herstelcodes meer? Neem contact op met de beheerder van je organisatie.',
} as const;

/** A TOTP code as typed: spaces and dashes allowed ("123 456"), six digits left. */
const totpCode = () =>
  z
    .string({ error: MSG.required })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, { error: MSG.required, abort: true })
        .regex(/^\d{6}$/, { error: TWO_FACTOR_TEXT.codeFormat }),
    );

const password = () =>
  z
    .string({ error: MSG.required })
    .min(1, { error: MSG.required, abort: true })
    .max(PASSWORD_MAX, { error: MSG.passwordTooLong });

/** A recovery code as typed: any case, spaces and dashes allowed. */
const recoveryCode = () =>
  z
    .string({ error: MSG.required })
    .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
    .pipe(
      z
        .string()
        .min(1, { error: MSG.required, abort: true })
        .max(40, { error: TWO_FACTOR_TEXT.wrongRecoveryCode })
        .regex(/^[a-z0-9]+$/, { error: TWO_FACTOR_TEXT.wrongRecoveryCode }),
    );

/** GET /api/2fa: whether this browser's session waits for the second factor (the 2fa screen asks). */
export const TwoFactorPendingSchema = z.object({ pending: z.boolean() });
export type TwoFactorPending = z.infer<typeof TwoFactorPendingSchema>;

/** POST /api/2fa/setup: a new secret to scan or type in (not in use until confirmed). */
export const TwoFactorSetupSchema = z.object({
  /** The base32 key, in groups of four for reading and typing. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code: SVG markup. */
  qr_svg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/**
 * POST /api/2fa/enable: the first code from the app confirms the key, and the account's password
 * confirms that its owner turns it on (as turning it off needs it): a stolen session alone cannot
 * tie the account to someone else's app.
 */
export const TwoFactorEnableInputSchema = z.object({ code: totpCode(), password: password() });
export type TwoFactorEnableInput = z.output<typeof TwoFactorEnableInputSchema>;
export type TwoFactorEnableFormValues = z.input<typeof TwoFactorEnableInputSchema>;

/** The recovery codes, shown once (POST /api/2fa/enable and /api/2fa/recovery-codes). */
export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/**
 * POST /api/2fa: the second step of a login, a code from the app or one recovery code (exactly
 * one of the two).
 */
export const TwoFactorVerifyInputSchema = z
  .object({ code: totpCode().optional(), recovery_code: recoveryCode().optional() })
  .refine((v) => v.code !== undefined || v.recovery_code !== undefined, { path: ['code'], error: MSG.required })
  .refine((v) => v.code === undefined || v.recovery_code === undefined, {
    path: ['recovery_code'],
    error: 'Vul een code of een herstelcode in, niet allebei',
  });
export type TwoFactorVerifyInput = z.output<typeof TwoFactorVerifyInputSchema>;
export type TwoFactorVerifyFormValues = z.input<typeof TwoFactorVerifyInputSchema>;

/** POST /api/2fa/disable and /api/2fa/recovery-codes: the account's password confirms it. */
export const TwoFactorPasswordInputSchema = z.object({ password: password() });
export type TwoFactorPasswordInput = z.output<typeof TwoFactorPasswordInputSchema>;
export type TwoFactorPasswordFormValues = z.input<typeof TwoFactorPasswordInputSchema>;

/** A recovery code as shown: two groups of five, e.g. "k7m2q-9xw4d". */
export const formatRecoveryCode = (code: string): string => `${code.slice(0, 5)}-${code.slice(5)}`;
