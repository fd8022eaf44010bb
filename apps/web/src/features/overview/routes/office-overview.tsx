import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MALFUNCTION_STATUS_LABELS } from '@keurwijzer/shared/malfunctions';
import { OVERVIEW_TEXT as T, OVERVIEW_WINDOW_DAYS, type Overview } from '@keurwijzer/shared/overview';
import { PageLoader } from '../../../components/feedback/page-loader';
import { PageHeader } from '../../../components/layout/page-header';
import { errorMessage } from '../../../lib/api-client';
import { useOverview } from '../../../lib/api/overview';

/** The filtered lists the home's numbers open. */
export const overviewLinks = {
  overdue: '/admin/due?state=overdue',
  overdueOf: (customerId: number) => `/admin/due?state=overdue&customer_id=${customerId}`,
  dueWithin: `/admin/due?due_within_days=${OVERVIEW_WINDOW_DAYS}`,
  rejected: '/admin/due?state=rejected',
  followups: '/admin/actions?status=open',
  malfunctions: (status: 'open' | 'in_progress') => `/admin/malfunctions?status=${status}`,
};

/** A number that opens its list; its accessible name says what it counts. */
function CountLink({ to, count, label, big }: { to: string; count: number; label: string; big?: boolean }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      aria-label={`${label}: ${count}`}
      underline="hover"
      sx={{
        fontWeight: 700,
        fontSize: big ? '2.5rem' : '1rem',
        lineHeight: 1.2,
        display: 'inline-block',
        minWidth: 48,
        minHeight: big ? undefined : 24,
      }}
    >
      {count}
    </Link>
  );
}

function Card({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  const id = `overview-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      variant="outlined"
      sx={{ p: 2, gridColumn: wide ? { md: 'span 2' } : undefined, minWidth: 0 }}
    >
      <Typography id={id} variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function OverdueCard({ data }: { data: Overview }) {
  const more = data.overdue_customer_count - data.overdue_per_customer.length;
  return (
    <Card title={T.overdue} wide>
      <CountLink big to={overviewLinks.overdue} count={data.overdue} label={`${T.overdue}, alle klanten`} />
      <Typography variant="body2" color="text.secondary">
        {T.machines(data.overdue)} met een verlopen keuring
      </Typography>
      {data.overdue === 0 ? (
        <Typography sx={{ mt: 1 }}>{T.noOverdue}</Typography>
      ) : (
        <List dense aria-label="Verlopen per klant" sx={{ mt: 1 }}>
          {data.overdue_per_customer.map((c) => (
            <ListItem
              key={c.customer_id}
              disableGutters
              sx={{ display: 'flex', gap: 2, justifyContent: 'space-between', borderTop: 1, borderColor: 'divider' }}
            >
              <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>{c.customer_name}</Typography>
              <CountLink
                to={overviewLinks.overdueOf(c.customer_id)}
                count={c.count}
                label={`${T.overdue} bij ${c.customer_name}`}
              />
            </ListItem>
          ))}
          {more > 0 && (
            <ListItem disableGutters sx={{ borderTop: 1, borderColor: 'divider' }}>
              <Typography variant="body2" color="text.secondary">
                {T.moreCustomers(more)}
              </Typography>
            </ListItem>
          )}
        </List>
      )}
    </Card>
  );
}

/** admin/overview: the office home. Every number opens the filtered list it counts. */
export default function OfficeOverview() {
  const { data, isPending, error } = useOverview();
  return (
    <>
      <PageHeader title={T.title} />
      {isPending ? (
        <PageLoader />
      ) : error || !data ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
            alignItems: 'start',
          }}
        >
          <OverdueCard data={data} />
          <Card title={T.dueWithin}>
            <CountLink big to={overviewLinks.dueWithin} count={data.due_within_window} label={T.dueWithin} />
            <Typography variant="body2" color="text.secondary">
              {T.machines(data.due_within_window)} moeten binnen {OVERVIEW_WINDOW_DAYS} dagen gekeurd worden
            </Typography>
          </Card>
          <Card title={T.rejected}>
            <CountLink big to={overviewLinks.rejected} count={data.rejected} label={T.rejected} />
            <Typography variant="body2" color="text.secondary">
              {T.machines(data.rejected)} afgekeurd tot een goedgekeurde herkeuring
            </Typography>
          </Card>
          <Card title={T.openFollowups}>
            <CountLink big to={overviewLinks.followups} count={data.open_followups} label={T.openFollowups} />
            <Typography variant="body2" color="text.secondary">
              Afkeuringen die nog opgevolgd moeten worden
            </Typography>
          </Card>
          <Card title={T.openMalfunctions}>
            <Typography sx={{ fontWeight: 700, fontSize: '2.5rem', lineHeight: 1.2 }}>
              {data.open_malfunctions}
            </Typography>
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              {(['open', 'in_progress'] as const).map((s) => (
                <Box key={s} sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                  <CountLink
                    to={overviewLinks.malfunctions(s)}
                    count={s === 'open' ? data.malfunctions_open : data.malfunctions_in_progress}
                    label={`Storingen ${MALFUNCTION_STATUS_LABELS[s].toLowerCase()}`}
                  />
                  <Typography variant="body2" color="text.secondary">
                    {MALFUNCTION_STATUS_LABELS[s].toLowerCase()}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Card>
        </Box>
      )}
    </>
  );
}
