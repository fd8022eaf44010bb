import { useEffect } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { PASSWORD_HINT } from '@keurwijzer/shared/account';
import { TextFieldElement, type AnyControl } from '../../../components/form/form-fields';
import { loadPasswordStrength } from '../../../lib/password-check';

type NewPassword = FieldValues & { password: string; password_confirmation: string };

/**
 * A new password and its repeat, with the rule as a hint (as activation asks it). Fetches the
 * strength check while the user types, so the submit need not wait for it.
 */
export function NewPasswordFields<T extends NewPassword>({
  control,
  label = 'Nieuw wachtwoord',
  autoFocus,
}: {
  control: AnyControl<T>;
  label?: string;
  autoFocus?: boolean;
}) {
  useEffect(() => {
    loadPasswordStrength().catch(() => undefined);
  }, []);
  return (
    <>
      <TextFieldElement
        name={'password' as FieldPath<T>}
        control={control}
        label={label}
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
        helperText={PASSWORD_HINT}
      />
      <TextFieldElement
        name={'password_confirmation' as FieldPath<T>}
        control={control}
        label="Herhaal wachtwoord"
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
