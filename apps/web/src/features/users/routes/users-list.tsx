import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import RestoreIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import SendIcon from '@mui/icons-material/ForwardToInboxOutlined';
import { ROLE_LABELS } from '@keurwijzer/shared/permissions';
import {
  ACCOUNTS_TEXT,
  CUSTOMER_USER_FILTER_KEYS,
  displayLastName,
  fullName,
  type User,
} from '@keurwijzer/shared/users';
import { DataTable, type Column } from '../../../components/table/data-table';
import { FilterSelect } from '../../../components/table/filter-select';
import { useListFilters } from '../../../components/table/list-state';
import { useDataTableQuery } from '../../../components/table/use-data-table-query';
import { PageHeader } from '../../../components/layout/page-header';
import { RowAction } from '../../../components/table/row-action';
import { useCurrentUser } from '../../../lib/api/auth';
import { useUsers } from '../../../lib/api/users';
import { UserStatus } from '../components/user-status';
import { useUserActions } from '../components/use-user-actions';
import { USER_KIND, useUserKind, type UserKind } from '../user-kind';
import { WaitingAccounts } from '../components/waiting-accounts';
import { StatusChip } from '../../../components/display/status-chip';

/**
 * admin/users and admin/customer-users: the server-paginated list. Customer users filtered on
 * "Zonder klant" are the waiting accounts, with their suggested customers.
 */
export default function UsersList() {
  const kind = useUserKind();
  const { base, title, newLabel } = USER_KIND[kind];
  // "Zonder klant" (customer users only): self-registered accounts waiting to be linked.
  const [filters, setFilter] = useListFilters(CUSTOMER_USER_FILTER_KEYS);
  const withoutCustomer = kind === 'customers' ? filters.without_customer : undefined;
  const filterSelect =
    kind === 'customers' ? (
      <FilterSelect
        label="Klant"
        value={withoutCustomer}
        options={[{ value: '1', label: 'Zonder klant' }]}
        onChange={(v) => setFilter('without_customer', v)}
      />
    ) : undefined;

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Button component={RouterLink} to={`${base}/create`} variant="contained" startIcon={<AddIcon />}>
            {newLabel}
          </Button>
        }
      />
      {withoutCustomer === '1' ? (
        <WaitingAccounts base={base} title={title} filters={filterSelect} />
      ) : (
        <UsersTable kind={kind} withoutCustomer={withoutCustomer} filters={filterSelect} />
      )}
    </>
  );
}

function UsersTable({
  kind,
  withoutCustomer,
  filters: filterSelect,
}: {
  kind: UserKind;
  withoutCustomer: string | undefined;
  filters: ReactNode;
}) {
  const { base, title } = USER_KIND[kind];
  const me = useCurrentUser();
  const table = useDataTableQuery({
    useList: useUsers,
    defaults: { sortKey: 'last_name' },
    query: { employees: kind === 'employees' },
    filters: { without_customer: withoutCustomer },
  });
  const actions = useUserActions();

  const manageable = (u: User) => u.role !== 'super_admin' || me.role === 'super_admin';
  const editable = (u: User) => manageable(u) && !u.archived_at;
  const columns: Column<User>[] = [
    {
      key: 'first_name',
      label: 'Voornaam',
      sortable: true,
      // The person's screen; the link names the whole person, not only the first name.
      link: (u) => (editable(u) ? { to: `${base}/${u.id}/edit`, label: fullName(u) } : undefined),
      render: (u) => u.first_name,
    },
    { key: 'last_name', label: 'Achternaam', sortable: true, render: (u) => displayLastName(u) },
    { key: 'email', label: 'E-mail', sortable: true, hideBelow: 'md', render: (u) => u.email },
    kind === 'employees'
      ? { key: 'role', label: 'Rol', sortable: true, hideBelow: 'sm', render: (u) => ROLE_LABELS[u.role] }
      : {
          key: 'customer',
          label: 'Klant',
          hideBelow: 'sm',
          render: (u) => (
            <>
              {u.customer_name ?? 'Zonder klant'}
              {u.customer_admin && <StatusChip label={ACCOUNTS_TEXT.customerAdmin} sx={{ ml: 1 }} />}
            </>
          ),
        },
    { key: 'status', label: 'Status', hideBelow: 'lg', render: (u) => <UserStatus user={u} /> },
  ];

  return (
    <DataTable
      {...table}
      label={title}
      columns={columns}
      rowKey={(u) => u.id}
      searchLabel="Zoeken op naam of e-mail"
      filters={filterSelect}
      archivable
      actions={(u) => {
        if (!manageable(u)) return null;
        return (
          <>
            {editable(u) && <RowAction label="Wijzigen" icon={<EditIcon />} to={`${base}/${u.id}/edit`} />}
            {!u.archived_at && !u.activated_at && (
              <RowAction
                label="Uitnodiging opnieuw versturen"
                icon={<SendIcon />}
                onClick={() => void actions.resend(u)}
              />
            )}
            {u.archived_at ? (
              <RowAction label="Herstellen" icon={<RestoreIcon />} onClick={() => void actions.restore(u)} />
            ) : (
              u.id !== me.id && (
                <RowAction
                  label="Archiveren"
                  icon={<ArchiveIcon />}
                  color="error"
                  onClick={() => void actions.archive(u)}
                />
              )
            )}
          </>
        );
      }}
    />
  );
}
