import type { isPasswordStrongEnough } from '@keurwijzer/shared/password-strength';

type StrengthCheck = typeof isPasswordStrongEnough;

let loading: Promise<StrengthCheck> | undefined;

/**
 * The password strength check (zxcvbn-ts with its dictionaries, the largest chunk of the app),
 * loaded on first use with a dynamic import: only the screens that set a password fetch it,
 * never the login page (scripts/bundle-size.mjs). This small module, shared by those screens, is
 * a chunk of its own (`password-check-*`); the check is `password-strength-*`. A failed load is
 * forgotten, so the next call tries again.
 */
export function loadPasswordStrength(): Promise<StrengthCheck> {
  loading ??= import('@keurwijzer/shared/password-strength').then(
    (module) => module.isPasswordStrongEnough,
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/**
 * True when `password` is too easy to guess. Without the check (its code could not be loaded)
 * the answer is false: the server checks every new password again, with the user's own name.
 */
export async function isTooEasyToGuess(password: string): Promise<boolean> {
  try {
    return !(await loadPasswordStrength())(password);
  } catch {
    return false;
  }
}
