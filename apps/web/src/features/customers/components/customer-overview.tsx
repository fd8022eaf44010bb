import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { fullName } from '@keurwijzer/shared/users';
import { locationsResource } from '../../../lib/api/locations';
import { machinesResource } from '../../../lib/api/machines';
import { useUsers } from '../../../lib/api/users';
import { ALL_ITEMS } from '../../../components/pickers/placement-fields';

/** How many of each a card lists; the count says how many there are in all. */
const SHOWN = 5;
const firstPage = { ...ALL_ITEMS, itemsPerPage: SHOWN };

function OverviewCard(props: {
  title: string;
  total: number | undefined;
  empty: string;
  /** Each links to its own screen. */
  items: { key: number; primary: string; secondary?: string; to: string }[] | undefined;
  actions: ReactNode;
}) {
  const id = `overview-${props.title.toLowerCase()}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ flex: '1 1 280px', minWidth: 0 }}>
      <CardContent>
        <Typography variant="h2" id={id}>
          {props.title}
          {props.total !== undefined && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              ({props.total})
            </Typography>
          )}
        </Typography>
        {props.items === undefined ? (
          <Skeleton variant="text" width="70%" aria-label="Laden..." />
        ) : props.items.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {props.empty}
          </Typography>
        ) : (
          <List dense disablePadding>
            {props.items.map((i) => (
              <ListItem key={i.key} disablePadding>
                <ListItemButton component={RouterLink} to={i.to} sx={{ px: 1, mx: -1, borderRadius: 1 }}>
                  <ListItemText primary={i.primary} secondary={i.secondary} />
                </ListItemButton>
              </ListItem>
            ))}
            {props.total !== undefined && props.total > props.items.length && (
              <ListItem disableGutters>
                <ListItemText secondary={`en nog ${props.total - props.items.length}`} />
              </ListItem>
            )}
          </List>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>{props.actions}</Box>
      </CardContent>
    </Card>
  );
}

/** The customer screen at a glance: its locations, machines and customer users, with links. */
export function CustomerOverview({ customerId }: { customerId: number }) {
  const base = `/admin/customers/${customerId}`;
  const locations = locationsResource.useList(firstPage, customerId).data;
  const machines = machinesResource.useList(firstPage, customerId).data;
  const concept = machinesResource.useList({ ...firstPage, itemsPerPage: 1, status: 'concept' }, customerId).data;
  const users = useUsers({ ...firstPage, sortKey: 'last_name', customer_id: customerId }).data;

  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <OverviewCard
        title="Vestigingen"
        total={locations?.meta.total}
        empty="Nog geen vestigingen."
        items={locations?.data.map((l) => ({
          key: l.id,
          primary: l.name,
          secondary: `${l.street} ${l.house_number}${l.addition ? ` ${l.addition}` : ''}, ${l.city}`,
          to: `${base}/locations/${l.id}/edit`,
        }))}
        actions={
          <Button component={RouterLink} to={`${base}/locations`} size="small">
            Vestigingen beheren
          </Button>
        }
      />
      <OverviewCard
        title="Machines"
        total={machines?.meta.total}
        empty="Nog geen machines."
        items={machines?.data.map((m) => ({
          key: m.id,
          primary: m.name,
          secondary: [m.inventory_number, m.location_name].join(' · '),
          to: `${base}/machines/${m.id}/edit`,
        }))}
        actions={
          <>
            <Button component={RouterLink} to={`${base}/machines`} size="small">
              Machines bekijken
            </Button>
            {!!concept?.meta.total && (
              <Button component={RouterLink} to={`${base}/machines?status=concept`} size="small" color="warning">
                {concept.meta.total} concept
              </Button>
            )}
          </>
        }
      />
      <OverviewCard
        title="Klantgebruikers"
        total={users?.meta.total}
        empty="Nog geen klantgebruikers."
        items={users?.data.map((u) => ({
          key: u.id,
          primary: fullName(u),
          secondary: u.email,
          to: `/admin/customer-users/${u.id}/edit`,
        }))}
        actions={
          <Button component={RouterLink} to="/admin/customer-users" size="small">
            Klantgebruikers beheren
          </Button>
        }
      />
    </Box>
  );
}
