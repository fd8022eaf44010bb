import type { FieldPath, FieldValues } from 'react-hook-form';
import type { Role } from '@keurwijzer/shared/permissions';
import { PROFILE_TEXT } from '@keurwijzer/shared/profile';
import type { AnyControl } from '../../../components/form/form-fields';
import { SwitchElement } from '../../../components/form/switch-element';

/** Who reports malfunctions and so gets mails about them: customer users. */
export const getsMalfunctionMails = (role: Role): boolean => role === 'customer';

/**
 * "E-mails over mijn storingen": the switch of the mails about the user's own malfunctions (a
 * status change, a note for them), saved with the profile, with what they get below it.
 */
export function MalfunctionMailsSwitch<T extends FieldValues>({
  name,
  control,
}: {
  name: FieldPath<T>;
  control: AnyControl<T>;
}) {
  return (
    <SwitchElement
      name={name}
      control={control}
      label={PROFILE_TEXT.malfunctionMails}
      help={PROFILE_TEXT.malfunctionMailsHelp}
    />
  );
}
