import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import RestoreIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import { ACCOUNTS_TEXT, displayLastName, fullName, type User } from '@keurwijzer/shared/users';
import { DataTable, type Column } from '../../../components/table/data-table';
import { useDataTableQuery } from '../../../components/table/use-data-table-query';
import { PageHeader } from '../../../components/layout/page-header';
import { RowAction } from '../../../components/table/row-action';
import { useConfirmedAction } from '../../../components/feedback/use-confirmed-action';
import { useCurrentUser } from '../../../lib/api/auth';
import { archiveOwnUser, restoreOwnUser, useOwnUsers } from '../api/own-users';
import { useUserMutation } from '../../../lib/api/users';
import { UserStatus } from '../components/user-status';

/**
 * users (portal): a customer administrator's colleagues: invite one, archive and restore
 * them (never themselves). The server decides who is an administrator; anyone else gets its 403.
 */
export default function OwnUsers() {
  const me = useCurrentUser();
  if (!me.customer_admin) {
    return (
      <>
        <PageHeader title={ACCOUNTS_TEXT.ownUsersTitle} />
        <Alert severity="info">Alleen de beheerder van je bedrijf beheert de gebruikers.</Alert>
      </>
    );
  }
  return <OwnUsersList meId={me.id} />;
}

function OwnUsersList({ meId }: { meId: number }) {
  const table = useDataTableQuery({ useList: useOwnUsers, defaults: { sortKey: 'last_name' } });
  const run = useConfirmedAction();
  const archive = useUserMutation(archiveOwnUser);
  const restore = useUserMutation(restoreOwnUser);

  const columns: Column<User>[] = [
    { key: 'first_name', label: 'Voornaam', sortable: true, render: (u) => u.first_name },
    { key: 'last_name', label: 'Achternaam', sortable: true, render: (u) => displayLastName(u) },
    { key: 'email', label: 'E-mail', sortable: true, hideBelow: 'md', render: (u) => u.email },
    {
      key: 'status',
      label: 'Status',
      hideBelow: 'sm',
      render: (u) => (u.id === meId ? ACCOUNTS_TEXT.youAdmin : <UserStatus user={u} />),
    },
  ];

  return (
    <>
      <PageHeader
        title={ACCOUNTS_TEXT.ownUsersTitle}
        actions={
          <Button component={RouterLink} to="/users/invite" variant="contained" startIcon={<PersonAddIcon />}>
            {ACCOUNTS_TEXT.ownUsersNew}
          </Button>
        }
      />
      <DataTable
        {...table}
        label={ACCOUNTS_TEXT.ownUsersTitle}
        columns={columns}
        rowKey={(u) => u.id}
        searchLabel="Zoeken op naam of e-mail"
        archivable
        actions={(u) =>
          u.id === meId ? null : u.archived_at ? (
            <RowAction
              label={`${fullName(u)} herstellen`}
              icon={<RestoreIcon />}
              onClick={() =>
                void run(
                  {
                    title: 'Gebruiker herstellen',
                    message: `Weet je zeker dat je ${fullName(u)} wilt herstellen? Daarna kan ${u.first_name} weer inloggen.`,
                    confirmLabel: 'Herstellen',
                  },
                  () => restore.mutateAsync(u.id),
                )
              }
            />
          ) : (
            <RowAction
              label={`${fullName(u)} archiveren`}
              icon={<ArchiveIcon />}
              color="error"
              onClick={() =>
                void run(
                  {
                    title: 'Gebruiker archiveren',
                    message: `Weet je zeker dat je ${fullName(u)} wilt archiveren? ${u.first_name} kan dan niet meer inloggen.`,
                    confirmLabel: 'Archiveren',
                    destructive: true,
                  },
                  () => archive.mutateAsync(u.id),
                )
              }
            />
          )
        }
      />
    </>
  );
}
