import { useRef, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { LoginInputSchema, type LoginFormValues } from '@keurwijzer/shared/user-basics';
import { OIDC_TEXT, oidcErrorText, safeRedirectPath } from '@keurwijzer/shared/oidc';
import { useDocumentTitle } from '../../../components/layout/document-title';
import { TextInput } from '../../../components/form/text-input';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { AUTH_QUERY_KEY } from '../../../lib/query-client';
import { homeFor, login, useAuth } from '../../../lib/api/auth';
import { useAuthProviders } from '../api/providers';
import { GoogleButton } from '../components/google-button';

type Field = keyof LoginFormValues;

/** The first message per field of a failed parse (a field shows at most one error). */
function fieldErrors(values: Record<Field, string>): Partial<Record<Field, string>> | null {
  const parsed = LoginInputSchema.safeParse(values);
  if (parsed.success) return null;
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as Field;
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The login screen (authentication layout). It validates with the shared LoginInputSchema
 * directly instead of react-hook-form: two fields do not need it, and the login page stays
 * small (docs/architecture.md, bundle size).
 */
export default function Login() {
  useDocumentTitle('Inloggen');
  const { user } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  // Only a same-site path is followed after login (no open redirect): the one shared check.
  const redirect = safeRedirectPath(params.get('redirect'));
  // Google sign-in: its button when the server has it on, and why a sign-in came back here.
  const providers = useAuthProviders();
  const googleError = oidcErrorText(params.get('fout'));

  if (user) return <Navigate to={redirect ?? homeFor(user.role)} replace />;

  const change = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    if (submitted) setErrors(fieldErrors(next) ?? {});
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setError(null);
    const invalid = fieldErrors(values);
    setErrors(invalid ?? {});
    if (invalid) return;
    setSubmitting(true);
    try {
      const me = await login(values);
      if ('two_factor_required' in me) {
        // The password was right; the code (or a recovery code) comes next.
        await navigate(redirect ? `/2fa?redirect=${encodeURIComponent(redirect)}` : '/2fa', { replace: true });
        return;
      }
      queryClient.setQueryData(AUTH_QUERY_KEY, me);
      await navigate(redirect ?? homeFor(me.role), { replace: true });
    } catch (err) {
      // The same text for every wrong combination; 429 and transport errors in their own words.
      setError(
        err instanceof ApiError && err.status === 422 && err.errors.email ? err.errors.email[0]! : errorMessage(err),
      );
      setValues((v) => ({ ...v, password: '' }));
      passwordRef.current?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
        Inloggen
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {!error && googleError && (
        <Alert severity="error" role="alert">
          {googleError}
        </Alert>
      )}
      <TextInput
        name="email"
        label="E-mail"
        type="email"
        autoComplete="username"
        autoFocus
        required
        value={values.email}
        onChange={change('email')}
        error={!!errors.email}
        helperText={errors.email}
      />
      <TextInput
        name="password"
        label="Wachtwoord"
        inputRef={passwordRef}
        value={values.password}
        onChange={change('password')}
        error={!!errors.password}
        helperText={errors.password}
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        required
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={showPassword ? 'Wachtwoord verbergen' : 'Wachtwoord tonen'}
                  onClick={() => setShowPassword((s) => !s)}
                  edge="end"
                >
                  {showPassword ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ alignSelf: 'flex-start' }}>
        Wachtwoord vergeten?
      </Link>
      <Button type="submit" variant="contained" size="large" disabled={submitting}>
        {submitting ? 'Bezig met inloggen...' : 'Inloggen'}
      </Button>
      {providers.google && (
        <>
          <GoogleButton intent="login" redirect={redirect} />
          {/* A first Google sign-in creates an account: agreeing to the terms is said here. */}
          <Typography variant="body2" color="text.secondary">
            {OIDC_TEXT.termsNotice.replace(/voorwaarden$/, '')}
            <Link component={RouterLink} to="/terms" target="_blank" rel="noopener">
              voorwaarden
            </Link>
          </Typography>
        </>
      )}
      <Typography variant="body2" color="text.secondary">
        Nog geen account?{' '}
        <Link component={RouterLink} to="/register">
          Registreren
        </Link>
      </Typography>
    </Stack>
  );
}
