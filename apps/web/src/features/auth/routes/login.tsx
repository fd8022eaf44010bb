import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { LoginInputSchema, type LoginInput } from '@keurwijzer/shared/users';
import { TextFieldElement } from '../../../components/form-fields';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { AUTH_QUERY_KEY } from '../../../lib/query-client';
import { homeFor } from '../../../app/routes-config';
import { login, useAuth } from '../api/auth';

/** Only same-site paths are followed after login (no open redirect). */
function safeRedirect(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login') ? value : null;
}

/** The login screen (authentication layout). */
export default function Login() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const form = useForm<LoginInput>({ resolver: zodResolver(LoginInputSchema), defaultValues: { email: '', password: '' } });
  const redirect = safeRedirect(params.get('redirect'));

  if (user) return <Navigate to={redirect ?? homeFor(user.role)} replace />;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const me = await login(values);
      queryClient.setQueryData(AUTH_QUERY_KEY, me);
      await navigate(redirect ?? homeFor(me.role), { replace: true });
    } catch (err) {
      // The same text for every wrong combination; 429 and transport errors in their own words.
      setError(err instanceof ApiError && err.status === 422 && err.errors.email ? err.errors.email[0]! : errorMessage(err));
      form.setValue('password', '');
      form.setFocus('password');
    }
  });

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
      <TextFieldElement name="email" control={form.control} label="E-mail" type="email" autoComplete="username" autoFocus required />
      <TextFieldElement
        name="password"
        control={form.control}
        label="Wachtwoord"
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
      <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Bezig met inloggen...' : 'Inloggen'}
      </Button>
    </Stack>
  );
}
