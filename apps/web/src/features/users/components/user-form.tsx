import Stack from '@mui/material/Stack';
import { ROLE_LABELS, assignableRoles, type Role } from '@keurwijzer/shared/permissions';
import { UserInputSchema, type User, type UserDetail, type UserFormValues } from '@keurwijzer/shared/users';
import { TextFieldElement } from '../../../components/form/form-fields';
import { SelectElement } from '../../../components/form/select-element';
import { FormPage } from '../../../components/form/form-page';
import { useZodForm } from '../../../components/form/use-zod-form';
import { CustomerSelect } from '../../../components/pickers/customer-select';
import { CustomerAdminSwitch } from './customer-admin-switch';
import { useCurrentUser } from '../../../lib/api/auth';
import { USER_KIND, type UserKind } from '../user-kind';
import type { ReactNode } from 'react';
import { StatusChip } from '../../../components/display/status-chip';
import { labelOptions } from '../../../lib/label-options';
import { PersonNameFields } from '../../../components/form/person-name-fields';

const emptyValues = (kind: UserKind): UserFormValues => ({
  first_name: '',
  preposition: '',
  last_name: '',
  email: '',
  role: kind === 'customers' ? 'customer' : 'mechanic',
  customer_id: '',
  customer_admin: false,
});

const valuesOf = (user: User): UserFormValues => ({
  first_name: user.first_name,
  preposition: user.preposition ?? '',
  last_name: user.last_name,
  email: user.email,
  role: user.role,
  customer_id: user.customer_id ?? '',
  customer_admin: user.customer_admin,
});

/**
 * The user form of admin/users and admin/customer-users: name, e-mail and role for employees;
 * name, e-mail and customer for customer users (their role is always customer).
 */
export function UserForm({
  kind,
  user,
  title,
  onSubmit,
  actions,
}: {
  kind: UserKind;
  /** The user to edit: its detail (GET /api/users/:id) shows the admin-set state too. */
  user?: User | UserDetail;
  title: string;
  onSubmit: (values: UserFormValues) => Promise<void>;
  actions?: ReactNode;
}) {
  const me = useCurrentUser();
  const form = useZodForm(UserInputSchema, user ? valuesOf(user) : emptyValues(kind));
  const { base, title: listTitle } = USER_KIND[kind];
  const roles: Role[] = assignableRoles(me.role).filter((r) => r !== 'customer');

  return (
    <FormPage
      title={title}
      crumbs={[{ label: listTitle, to: base }, { label: title }]}
      form={form}
      onSubmit={onSubmit}
      cancelTo={base}
      draftKey={`${base}/${user?.id ?? 'new'}`}
      actions={actions}
    >
      {user && 'password_change_required' in user && (user.password_change_required || user.two_factor_enabled) && (
        <Stack direction="row" spacing={1}>
          {user.password_change_required && <StatusChip tone="warning" label="Moet wachtwoord wijzigen" />}
          {user.two_factor_enabled && <StatusChip tone="success" label="Tweestapsverificatie aan" />}
        </Stack>
      )}
      <PersonNameFields control={form.control} />
      <TextFieldElement name="email" control={form.control} label="E-mail" type="email" required autoComplete="off" />
      {kind === 'employees' ? (
        <SelectElement
          name="role"
          control={form.control}
          label="Rol"
          required
          disabled={user?.id === me.id}
          helperText={user?.id === me.id ? 'Je kunt je eigen rol niet wijzigen' : undefined}
          options={labelOptions(roles, ROLE_LABELS)}
        />
      ) : (
        <>
          <CustomerSelect
            name="customer_id"
            control={form.control}
            required
            initial={
              user?.customer_id ? { id: user.customer_id, name: user.customer_name ?? '', customer_number: '' } : null
            }
          />
          <CustomerAdminSwitch control={form.control} />
        </>
      )}
    </FormPage>
  );
}
