import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ActivateInputSchema, PASSWORD_HINT, type ActivateFormValues } from '@keurwijzer/shared/account';
import { REGISTRATION_TEXT } from '@keurwijzer/shared/registration';
import { MSG } from '@keurwijzer/shared/validation';
import { useDocumentTitle } from '../../../components/layout/document-title';
import { PageLoader } from '../../../components/feedback/page-loader';
import { TextFieldElement } from '../../../components/form/form-fields';
import { useNotify } from '../../../components/feedback/notifications';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';
import { ApiError, apiSend, errorMessage } from '../../../lib/api-client';
import { isTooEasyToGuess, loadPasswordStrength } from '../../../lib/password-check';

/** Each link is offered once per page load (StrictMode runs an effect twice; a link works once). */
const confirmations = new Map<string, Promise<unknown>>();
function confirmRegistration(token: string): Promise<unknown> {
  let pending = confirmations.get(token);
  if (!pending) {
    pending = apiSend('/api/register/confirm', { token });
    confirmations.set(token, pending);
  }
  return pending;
}

/**
 * activate/{token}: an invited user chooses a password (authentication layout). A self-registered
 * user chose it at registration: the link is first offered to POST /api/register/confirm, which
 * activates such an account with the token alone; any other link (422) gets the password form.
 */
export default function Activate() {
  useDocumentTitle('Account activeren');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const [linkError, setLinkError] = useState<string | null>(null);
  const [registration, setRegistration] = useState<'checking' | 'confirmed' | 'none'>('checking');

  useEffect(() => {
    let current = true;
    confirmRegistration(token).then(
      () => current && setRegistration('confirmed'),
      () => current && setRegistration('none'),
    );
    return () => {
      current = false;
    };
  }, [token]);
  const form = useZodForm(ActivateInputSchema, {
    token,
    password: '',
    password_confirmation: '',
  } satisfies ActivateFormValues);

  // The strength check is large: fetch it while the user reads the page, not on submit.
  useEffect(() => {
    loadPasswordStrength().catch(() => undefined);
  }, []);

  const submit = submitValues(form, async (values) => {
    setLinkError(null);
    // The spec's rule is in the schema; whether it is easy to guess needs the lazy check.
    if (await isTooEasyToGuess(values.password)) {
      form.setError('password', { type: 'strength', message: MSG.passwordWeak }, { shouldFocus: true });
      return;
    }
    try {
      const res = await apiSend('/api/activate', values);
      notify(res.message ?? 'Je account is geactiveerd.');
      await navigate('/login', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        if (err.errors.token) setLinkError(err.errors.token[0]!);
        for (const field of ['password', 'password_confirmation'] as const) {
          const message = err.errors[field]?.[0];
          if (message) form.setError(field, { type: 'server', message });
        }
        if (Object.keys(err.errors).length === 0) setLinkError(err.message);
      } else {
        setLinkError(errorMessage(err));
      }
    }
  });

  if (registration === 'checking') return <PageLoader />;
  if (registration === 'confirmed') {
    return (
      <Stack spacing={2.5}>
        <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
          Account geactiveerd
        </Typography>
        <Alert severity="success" role="status">
          {REGISTRATION_TEXT.confirmed}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained" size="large">
          Naar inloggen
        </Button>
      </Stack>
    );
  }

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
        Account activeren
      </Typography>
      <Typography color="text.secondary">Kies een wachtwoord om je account te activeren.</Typography>
      {linkError && (
        <Alert severity="error" role="alert">
          {linkError}
        </Alert>
      )}
      <TextFieldElement
        name="password"
        control={form.control}
        label="Wachtwoord"
        type="password"
        autoComplete="new-password"
        required
        helperText={PASSWORD_HINT}
      />
      <TextFieldElement
        name="password_confirmation"
        control={form.control}
        label="Herhaal wachtwoord"
        type="password"
        autoComplete="new-password"
        required
      />
      <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Bezig...' : 'Account activeren'}
      </Button>
      <Link component={RouterLink} to="/login" variant="body2">
        Naar inloggen
      </Link>
    </Stack>
  );
}
