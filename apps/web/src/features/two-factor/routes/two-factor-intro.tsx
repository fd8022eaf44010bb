import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageLoader } from '../../../components/feedback/page-loader';
import { useDocumentTitle } from '../../../components/layout/document-title';
import { AUTH_QUERY_KEY } from '../../../lib/query-client';
import { logout, useAuth } from '../../../lib/api/auth';

/** Authenticator apps that speak TOTP (RFC 6238); any such app works. */
const APPS = ['Google Authenticator', 'Microsoft Authenticator', '1Password', 'Authy', 'Bitwarden'];

/**
 * 2fa-intro (authentication layout, needs a session): what two-factor sign-in is and which apps
 * work, then on to 2fa-activate. Employees whose organisation makes it compulsory land here after
 * their login until it is on (the guard sends them); they can only go on or log out.
 */
export default function TwoFactorIntro() {
  useDocumentTitle('Tweestapsverificatie');
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  if (isLoading) return <PageLoader />;
  if (!user) return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname)}`} replace />;

  const leave = async () => {
    await logout();
    queryClient.setQueryData(AUTH_QUERY_KEY, null);
    await navigate('/login', { replace: true });
  };

  return (
    <Stack spacing={2.5}>
      <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
        Tweestapsverificatie
      </Typography>
      {user.two_factor_setup_required && (
        <Alert severity="info">
          Je organisatie vraagt tweestapsverificatie voor medewerkers. Stel het nu in om verder te gaan.
        </Alert>
      )}
      {user.two_factor_enabled ? (
        <Alert severity="success">Tweestapsverificatie staat al aan voor je account.</Alert>
      ) : null}
      <Typography>
        Met tweestapsverificatie heb je bij het inloggen naast je wachtwoord ook een code nodig. Die code maakt een app
        op je telefoon, en is elke 30 seconden anders. Raakt iemand je wachtwoord te weten, dan kan die zonder je
        telefoon toch niet inloggen.
      </Typography>
      <Box>
        <Typography sx={{ mb: 1 }}>Je hebt een authenticator-app nodig, bijvoorbeeld:</Typography>
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {APPS.map((app) => (
            <li key={app}>
              <Typography>{app}</Typography>
            </li>
          ))}
        </Box>
      </Box>
      <Typography color="text.secondary">
        Bij het instellen scan je een QR-code met de app (of typ je de sleutel over) en vul je de eerste code in. Daarna
        krijg je tien herstelcodes voor als je je telefoon kwijt bent.
      </Typography>
      {user.two_factor_enabled ? (
        <Button component={RouterLink} to="/profile" variant="contained" size="large">
          Naar je profiel
        </Button>
      ) : (
        <Button component={RouterLink} to="/2fa-activate" variant="contained" size="large">
          Inschakelen
        </Button>
      )}
      {user.two_factor_setup_required ? (
        <Button variant="text" onClick={() => void leave()} sx={{ alignSelf: 'flex-start' }}>
          Uitloggen
        </Button>
      ) : (
        !user.two_factor_enabled && (
          <Button component={RouterLink} to="/profile" variant="text">
            Niet nu
          </Button>
        )
      )}
    </Stack>
  );
}
