import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ActivateInputSchema, type ActivateFormValues } from '@keurwijzer/shared/account';
import {
  REGISTRATION_TEXT,
  type ActivationCheckFormValues,
  type ActivationLink,
} from '@keurwijzer/shared/registration';
import { MSG } from '@keurwijzer/shared/validation';
import { useDocumentTitle } from '../../../components/layout/document-title';
import { PageLoader } from '../../../components/feedback/page-loader';
import { useNotify } from '../../../components/feedback/notifications';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';
import { ApiError, apiSend, errorMessage, sendChange } from '../../../lib/api-client';
import { isTooEasyToGuess } from '../../../lib/password-check';
import { NewPasswordFields } from '../components/new-password-fields';

/** What the link is: its kind, or why it works no more. */
type LinkState =
  | { step: 'checking' }
  | { step: 'registration' }
  | { step: 'invitation' }
  | { step: 'confirmed' }
  | { step: 'invalid'; message: string };

/** The 422's text for the token (the link works no more), else the error's own text. */
const linkErrorText = (err: unknown) =>
  err instanceof ApiError && err.status === 422 ? (err.errors.token?.[0] ?? err.message) : errorMessage(err);

/**
 * activate/{token}. On load it only asks the server what the link is (POST /api/activation/check,
 * which uses nothing: a mail scanner or link preview that runs this script activates no account).
 * A self-registered user chose a password at registration: a deliberate click on "Account
 * activeren" sends POST /api/register/confirm. An invited user chooses a password here
 * (POST /api/activate). A link that works no more gets its error and a way on.
 */
export default function Activate() {
  useDocumentTitle('Account activeren');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const [linkError, setLinkError] = useState<string | null>(null);
  const [link, setLink] = useState<LinkState>({ step: 'checking' });
  const [confirming, setConfirming] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);

  // The check changes nothing, so StrictMode's second run only asks again; `sendChange` has no
  // one-call-at-a-time rule that would refuse that second run while the first is on its way.
  useEffect(() => {
    let current = true;
    setLink({ step: 'checking' });
    sendChange<ActivationLink>('/api/activation/check', { token } satisfies ActivationCheckFormValues, 'POST').then(
      (res) => current && setLink({ step: res.data.kind }),
      (err: unknown) => current && setLink({ step: 'invalid', message: linkErrorText(err) }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  const confirm = async () => {
    setConfirming(true);
    setConfirmError(null);
    try {
      await apiSend('/api/register/confirm', { token } satisfies ActivationCheckFormValues);
      setLink({ step: 'confirmed' });
    } catch (err) {
      // Used or expired since the check: the invalid view; anything else may be tried again.
      if (err instanceof ApiError && err.status === 422) setLink({ step: 'invalid', message: linkErrorText(err) });
      else setConfirmError(errorMessage(err));
    } finally {
      setConfirming(false);
    }
  };

  const form = useZodForm(ActivateInputSchema, {
    token,
    password: '',
    password_confirmation: '',
  } satisfies ActivateFormValues);

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

  const heading = (text: string) => (
    <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
      {text}
    </Typography>
  );
  const toLogin = (
    <Link component={RouterLink} to="/login" variant="body2">
      Naar inloggen
    </Link>
  );

  if (link.step === 'checking') return <PageLoader />;
  if (link.step === 'confirmed') {
    return (
      <Stack spacing={2.5}>
        {heading('Account geactiveerd')}
        <Alert severity="success" role="status">
          {REGISTRATION_TEXT.confirmed}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained" size="large">
          Naar inloggen
        </Button>
      </Stack>
    );
  }
  if (link.step === 'invalid') {
    return (
      <Stack spacing={2.5}>
        {heading('Account activeren')}
        <Alert severity="error" role="alert">
          {link.message}
        </Alert>
        <Typography color="text.secondary">{REGISTRATION_TEXT.invalidLinkHint}</Typography>
        {toLogin}
      </Stack>
    );
  }
  if (link.step === 'registration') {
    return (
      <Stack spacing={2.5}>
        {heading('Account activeren')}
        <Typography color="text.secondary">{REGISTRATION_TEXT.confirmIntro}</Typography>
        {confirmError && (
          <Alert severity="error" role="alert">
            {confirmError}
          </Alert>
        )}
        <Button variant="contained" size="large" disabled={confirming} onClick={() => void confirm()}>
          {confirming ? 'Bezig...' : REGISTRATION_TEXT.confirmButton}
        </Button>
        {toLogin}
      </Stack>
    );
  }

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      {heading('Account activeren')}
      <Typography color="text.secondary">Kies een wachtwoord om je account te activeren.</Typography>
      {linkError && (
        <Alert severity="error" role="alert">
          {linkError}
        </Alert>
      )}
      <NewPasswordFields control={form.control} label="Wachtwoord" />
      <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Bezig...' : 'Account activeren'}
      </Button>
      {toLogin}
    </Stack>
  );
}
