import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PASSWORD_TEXT, PasswordResetInputSchema, type PasswordResetFormValues } from '@keurwijzer/shared/account';
import { MSG } from '@keurwijzer/shared/validation';
import { useDocumentTitle } from '../../../components/layout/document-title';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { isTooEasyToGuess } from '../../../lib/password-check';
import { resetPassword } from '../api/password';
import { AuthMessage } from '../components/auth-message';
import { NewPasswordFields } from '../components/new-password-fields';

/** reset-password/{token}: a new password with the e-mailed link, then "Wachtwoord gewijzigd". */
export default function ResetPassword() {
  useDocumentTitle('Nieuw wachtwoord instellen');
  const { token = '' } = useParams();
  const [done, setDone] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(PasswordResetInputSchema, {
    token,
    password: '',
    password_confirmation: '',
  } satisfies PasswordResetFormValues);

  const submit = submitValues(form, async (values) => {
    setError(null);
    setLinkError(null);
    if (await isTooEasyToGuess(values.password)) {
      form.setError('password', { type: 'strength', message: MSG.passwordWeak }, { shouldFocus: true });
      return;
    }
    try {
      setDone((await resetPassword(values)) ?? PASSWORD_TEXT.resetDone);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 422)) {
        setError(errorMessage(err));
        return;
      }
      if (err.errors.token) setLinkError(err.errors.token[0]!);
      for (const field of ['password', 'password_confirmation'] as const) {
        const message = err.errors[field]?.[0];
        if (message) form.setError(field, { type: 'server', message });
      }
      if (Object.keys(err.errors).length === 0) setError(err.message);
    }
  });

  if (done) {
    return (
      <AuthMessage title="Wachtwoord gewijzigd" action={{ label: 'Naar inloggen', to: '/login' }}>
        <Typography>{done}</Typography>
      </AuthMessage>
    );
  }

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
        Nieuw wachtwoord instellen
      </Typography>
      <Typography color="text.secondary">Kies een nieuw wachtwoord voor je account.</Typography>
      {linkError && (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button component={RouterLink} to="/forgot-password" color="inherit" size="small">
              Nieuwe link
            </Button>
          }
        >
          {linkError}
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <NewPasswordFields control={form.control} autoFocus />
      <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Bezig...' : 'Wachtwoord opslaan'}
      </Button>
      <Link component={RouterLink} to="/login" variant="body2">
        Naar inloggen
      </Link>
    </Stack>
  );
}
