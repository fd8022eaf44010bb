import { ACCOUNTS_TEXT, type UserFormValues } from '@keurwijzer/shared/users';
import type { AnyControl } from '../../../components/form/form-fields';
import { SwitchElement } from '../../../components/form/switch-element';

/**
 * "Beheerder van de klant": the office lets a customer user invite and archive the
 * users of their own customer. Only on the customer users' form (the server refuses it for others).
 */
export function CustomerAdminSwitch({ control }: { control: AnyControl<UserFormValues> }) {
  return (
    <SwitchElement
      name="customer_admin"
      control={control}
      label={ACCOUNTS_TEXT.customerAdmin}
      help={ACCOUNTS_TEXT.customerAdminHelp}
    />
  );
}
