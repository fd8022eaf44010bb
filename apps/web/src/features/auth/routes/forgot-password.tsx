import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  PASSWORD_RESET_MINUTES,
  PASSWORD_TEXT,
  PasswordRecoverInputSchema,
  type PasswordRecoverFormValues,
} from '@keurwijzer/shared/account';
import { useDocumentTitle } from '../../../components/layout/document-title';
import { TextFieldElement } from '../../../components/form/form-fields';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { recoverPassword } from '../api/password';
import { AuthMessage } from '../components/auth-message';

/**
 * forgot-password: asks for a reset link. The answer, and so the "check your e-mail" page, is
 * the same for every address: it does not tell whether an account exists.
 */
export default function ForgotPassword() {
  useDocumentTitle('Wachtwoord vergeten');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(PasswordRecoverInputSchema, { email: '' } satisfies PasswordRecoverFormValues);

  const submit = submitValues(form, async (values) => {
    setError(null);
    try {
      setSent((await recoverPassword(values)) ?? PASSWORD_TEXT.recoverSent);
    } catch (err) {
      const message = err instanceof ApiError && err.status === 422 ? err.errors.email?.[0] : undefined;
      if (message) form.setError('email', { type: 'server', message }, { shouldFocus: true });
      else setError(errorMessage(err));
    }
  });

  if (sent) {
    return (
      <AuthMessage title="Controleer je e-mail" action={{ label: 'Naar inloggen', to: '/login' }}>
        <Typography>{sent}</Typography>
        <Typography color="text.secondary">
          De link in de e-mail is {PASSWORD_RESET_MINUTES} minuten geldig. Geen e-mail ontvangen? Kijk ook bij je
          ongewenste e-mail, of vraag over een paar minuten een nieuwe link aan.
        </Typography>
      </AuthMessage>
    );
  }

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
        Wachtwoord vergeten
      </Typography>
      <Typography color="text.secondary">
        Vul je e-mailadres in. We sturen je een link waarmee je een nieuw wachtwoord instelt.
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <TextFieldElement
        name="email"
        control={form.control}
        label="E-mail"
        type="email"
        autoComplete="username"
        autoFocus
        required
      />
      <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Bezig...' : 'Link versturen'}
      </Button>
      <Link component={RouterLink} to="/login" variant="body2">
        Terug naar inloggen
      </Link>
    </Stack>
  );
}
