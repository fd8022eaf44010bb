import { useState } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PASSWORD_TEXT, ChangePasswordInputSchema, type ChangePasswordFormValues } from '@keurwijzer/shared/account';
import type { CurrentUser } from '@keurwijzer/shared/users';
import { MSG } from '@keurwijzer/shared/validation';
import { useNotify } from '../../../components/feedback/notifications';
import { PageLoader } from '../../../components/feedback/page-loader';
import { useDocumentTitle } from '../../../components/layout/document-title';
import { TextFieldElement } from '../../../components/form/form-fields';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { isTooEasyToGuess } from '../../../lib/password-check';
import { AUTH_QUERY_KEY } from '../../../lib/query-client';
import { changePassword } from '../api/password';
import { homeFor, logout, useAuth } from '../../../lib/api/auth';
import { AuthMessage } from '../components/auth-message';
import { NewPasswordFields } from '../components/new-password-fields';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/**
 * change-password (authentication layout, needs a session: without one it goes to the login,
 * which comes back here): the current password, then a new one twice. The other sessions of the
 * user end; this one goes on. A user an admin required a new password of lands here (the guard
 * sends them) with a word of explanation, can only change it or log out, and goes home after.
 */
export default function ChangePassword() {
  useDocumentTitle('Wachtwoord wijzigen');
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(ChangePasswordInputSchema, {
    current_password: '',
    password: '',
    password_confirmation: '',
  } satisfies ChangePasswordFormValues);

  const submit = submitValues(form, async (values) => {
    setError(null);
    if (await isTooEasyToGuess(values.password)) {
      form.setError('password', { type: 'strength', message: MSG.passwordWeak }, { shouldFocus: true });
      return;
    }
    try {
      const message = (await changePassword(values)) ?? PASSWORD_TEXT.changed;
      notify(message);
      if (user?.password_change_required) {
        // The server cleared the flag with the new password: on to the user's home.
        queryClient.setQueryData<CurrentUser | null>(AUTH_QUERY_KEY, (me) =>
          me ? { ...me, password_change_required: false } : me,
        );
        await navigate(homeFor(user.role), { replace: true });
        return;
      }
      setDone(message);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 422)) {
        setError(errorMessage(err));
        return;
      }
      let focused = false;
      for (const field of FIELDS) {
        const message = err.errors[field]?.[0];
        if (!message) continue;
        form.setError(field, { type: 'server', message }, { shouldFocus: !focused });
        focused = true;
      }
      if (!focused) setError(err.message);
    }
  });

  if (isLoading) return <PageLoader />;
  if (!user) {
    return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname)}`} replace />;
  }
  const required = user.password_change_required;
  const leave = async () => {
    await logout();
    queryClient.setQueryData(AUTH_QUERY_KEY, null);
    await navigate('/login', { replace: true });
  };

  if (done) {
    return (
      <AuthMessage title="Wachtwoord gewijzigd" action={{ label: 'Naar je profiel', to: '/profile' }}>
        <Typography>{done}. Op je andere apparaten ben je uitgelogd.</Typography>
      </AuthMessage>
    );
  }

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
        Wachtwoord wijzigen
      </Typography>
      <Typography color="text.secondary">
        Ingelogd als {user.email}. Na het wijzigen word je op je andere apparaten uitgelogd.
      </Typography>
      {required && <Alert severity="info">{PASSWORD_TEXT.changeRequiredExplanation}</Alert>}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <TextFieldElement
        name="current_password"
        control={form.control}
        label="Huidig wachtwoord"
        type="password"
        autoComplete="current-password"
        autoFocus
        required
      />
      <NewPasswordFields control={form.control} />
      <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Bezig...' : 'Wachtwoord wijzigen'}
      </Button>
      {required ? (
        <Button variant="text" onClick={() => void leave()} sx={{ alignSelf: 'flex-start' }}>
          Uitloggen
        </Button>
      ) : (
        <Link component={RouterLink} to="/profile" variant="body2">
          Annuleren
        </Link>
      )}
    </Stack>
  );
}
