import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { ROLE_LABELS } from '@keurwijzer/shared/permissions';
import { fullName } from '@keurwijzer/shared/users';
import { PageHeader } from '../../../components/layout/page-header';
import { useCurrentUser } from '../../auth/api/auth';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
      <Typography color="text.secondary" sx={{ minWidth: 140 }}>
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Stack>
  );
}

/** profile: who is logged in. Changing name and password comes with the account work. */
export default function Profile() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title="Profiel" />
      <Card variant="outlined" sx={{ maxWidth: 640 }}>
        <CardContent>
          <Stack spacing={1.5}>
            <Row label="Naam" value={fullName(user)} />
            <Row label="E-mail" value={user.email} />
            <Row label="Rol" value={ROLE_LABELS[user.role]} />
            {user.customer_name && <Row label="Klant" value={user.customer_name} />}
            <Link component={RouterLink} to="/change-password" sx={{ alignSelf: 'flex-start' }}>
              Wachtwoord wijzigen
            </Link>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
