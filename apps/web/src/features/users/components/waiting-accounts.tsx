import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LinkIcon from '@mui/icons-material/LinkOutlined';
import {
  ACCOUNTS_TEXT,
  SUGGESTION_REASON_LABELS,
  displayLastName,
  fullName,
  type CustomerSuggestion,
  type WaitingAccount,
} from '@keurwijzer/shared/users';
import { DataTable, type Column } from '../../../components/table/data-table';
import { useDataTableQuery } from '../../../components/table/use-data-table-query';
import { useConfirmedAction } from '../../../components/feedback/use-confirmed-action';
import { linkAccount, useWaitingAccounts } from '../api/waiting-accounts';
import { useUserMutation } from '../../../lib/api/users';

/** What the user said of their company at registration: its name and the customer number, if any. */
function Company({ account }: { account: WaitingAccount }) {
  if (!account.company_name && !account.given_customer_number) return <>—</>;
  return (
    <>
      {account.company_name}
      {account.given_customer_number && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          Klantnummer {account.given_customer_number}
        </Typography>
      )}
    </>
  );
}

/** The suggested customers, strongest first, each a one-click "Koppelen aan <klant>" with its reason. */
function Suggestions({
  account,
  onLink,
  busy,
}: {
  account: WaitingAccount;
  onLink: (account: WaitingAccount, suggestion: CustomerSuggestion) => void;
  busy: boolean;
}) {
  if (account.suggestions.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {ACCOUNTS_TEXT.noSuggestion}
      </Typography>
    );
  }
  return (
    <Stack spacing={1} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={ACCOUNTS_TEXT.suggestions}>
      {account.suggestions.map((s) => (
        <Box
          component="li"
          key={s.customer_id}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
        >
          <Button
            size="small"
            variant={s === account.suggestions[0] ? 'contained' : 'outlined'}
            startIcon={<LinkIcon />}
            disabled={busy}
            onClick={() => onLink(account, s)}
            sx={{ textAlign: 'left', overflowWrap: 'anywhere', maxWidth: '100%' }}
          >
            {ACCOUNTS_TEXT.linkTo(s.customer_name)}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {SUGGESTION_REASON_LABELS[s.reason]} · {s.customer_number}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * The office's waiting accounts (admin/customer-users?without_customer=1): who
 * registered, their company and customer number, and the customers the server suggests, linked
 * in one confirmed click (the user is mailed that the account is ready). "Wijzigen" still opens
 * the user's form to pick any other customer.
 */
export function WaitingAccounts({ base, filters, title }: { base: string; filters: ReactNode; title: string }) {
  // Newest first: the account the office was just mailed about is on top. The filter that shows
  // this list counts as set (the phone's "Filters (1)").
  const table = useDataTableQuery({
    useList: useWaitingAccounts,
    defaults: { sortKey: 'created_at', sortOrder: 'desc' },
    filters: { without_customer: '1' },
  });
  const run = useConfirmedAction();
  const link = useUserMutation(linkAccount);
  const onLink = (account: WaitingAccount, s: CustomerSuggestion) =>
    void run(
      {
        title: ACCOUNTS_TEXT.linkTo(s.customer_name),
        message: ACCOUNTS_TEXT.linkConfirm(fullName(account), s.customer_name),
        confirmLabel: 'Koppelen',
      },
      () => link.mutateAsync({ id: account.id, customerId: s.customer_id }),
    );

  const columns: Column<WaitingAccount>[] = [
    {
      key: 'first_name',
      label: 'Voornaam',
      sortable: true,
      link: (u) => ({ to: `${base}/${u.id}/edit`, label: fullName(u) }),
      render: (u) => u.first_name,
    },
    { key: 'last_name', label: 'Achternaam', sortable: true, render: (u) => displayLastName(u) },
    { key: 'email', label: 'E-mail', sortable: true, hideBelow: 'lg', render: (u) => u.email },
    { key: 'company', label: ACCOUNTS_TEXT.companyName, render: (u) => <Company account={u} /> },
    {
      key: 'suggestions',
      label: ACCOUNTS_TEXT.suggestions,
      render: (u) => <Suggestions account={u} onLink={onLink} busy={link.isPending} />,
    },
  ];

  return (
    <DataTable
      {...table}
      label={title}
      columns={columns}
      rowKey={(u) => u.id}
      searchLabel="Zoeken op naam of e-mail"
      filters={filters}
      renderCard={(u) => (
        <Card variant="outlined" sx={{ p: 2 }}>
          <Link component={RouterLink} to={`${base}/${u.id}/edit`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {fullName(u)}
          </Link>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {u.email}
          </Typography>
          <Box sx={{ my: 1, overflowWrap: 'anywhere' }}>
            <Company account={u} />
          </Box>
          <Suggestions account={u} onLink={onLink} busy={link.isPending} />
        </Card>
      )}
    />
  );
}
