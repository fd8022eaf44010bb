import type { FieldPath, FieldValues } from 'react-hook-form';
import type { Role } from '@keurwijzer/shared/permissions';
import { PROFILE_TEXT } from '@keurwijzer/shared/profile';
import type { AnyControl } from '../../../components/form/form-fields';
import { SwitchElement } from '../../../components/form/switch-element';

/** Who gets reminder mails, and what they get (modules/reminders on the server). */
const HELP: Partial<Record<Role, string>> = {
  super_admin: PROFILE_TEXT.reminderMailsOffice,
  admin: PROFILE_TEXT.reminderMailsOffice,
  customer: PROFILE_TEXT.reminderMailsCustomer,
};

/** Whether the role gets reminder mails at all (a mechanic does not: no switch). */
export const getsReminders = (role: Role): boolean => role in HELP;

/**
 * "Herinneringsmails ontvangen": the switch of the reminder mails, saved with the profile, with
 * what the role gets below it.
 */
export function ReminderMailsSwitch<T extends FieldValues>({
  name,
  control,
  role,
}: {
  name: FieldPath<T>;
  control: AnyControl<T>;
  role: Role;
}) {
  return <SwitchElement name={name} control={control} label={PROFILE_TEXT.reminderMails} help={HELP[role]} />;
}
