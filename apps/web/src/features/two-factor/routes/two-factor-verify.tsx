import { useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { safeRedirectPath } from '@keurwijzer/shared/oidc';
import { TWO_FACTOR_TEXT, TwoFactorVerifyInputSchema } from '@keurwijzer/shared/two-factor';
import { useDocumentTitle } from '../../../components/layout/document-title';
import { TextInput } from '../../../components/form/text-input';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { AUTH_QUERY_KEY } from '../../../lib/query-client';
import { homeFor, useAuth } from '../../../lib/api/auth';
import { PageLoader } from '../../../components/feedback/page-loader';
import { isTwoFactorPending, verifyTwoFactor } from '../api/two-factor';

type Mode = 'code' | 'recovery_code';

/**
 * 2fa (authentication layout): the second step of a login with two-factor sign-in on. A code
 * from the app, or (switch) one of the recovery codes. Without a login waiting for it (GET
 * /api/2fa, or a 401 on submit when it expired meanwhile) the screen goes back to the login.
 */
export default function TwoFactorVerify() {
  useDocumentTitle('Tweestapsverificatie');
  const { user } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Only a same-site path is followed after login (no open redirect): the one shared check.
  const redirect = safeRedirectPath(params.get('redirect'));
  const [mode, setMode] = useState<Mode>('code');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // Is there a login to finish? Asked on every visit (a waiting session lives 10 minutes).
  const pending = useQuery({ queryKey: ['two-factor-pending'], queryFn: isTwoFactorPending, gcTime: 0 });
  const toLogin = redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';

  if (user) return <Navigate to={redirect ?? homeFor(user.role)} replace />;
  if (pending.isPending) return <PageLoader />;
  if (pending.data === false) return <Navigate to={toLogin} replace />;

  const switchMode = () => {
    setMode((m) => (m === 'code' ? 'recovery_code' : 'code'));
    setValue('');
    setFieldError(null);
    setError(null);
    inputRef.current?.focus();
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const body = { [mode]: value };
    const parsed = TwoFactorVerifyInputSchema.safeParse(body);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    setSubmitting(true);
    try {
      const me = await verifyTwoFactor(body);
      queryClient.setQueryData(AUTH_QUERY_KEY, me);
      await navigate(redirect ?? homeFor(me.role), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        // No login waits for a code (expired after 10 minutes, or opened directly): log in again.
        await navigate(toLogin, { replace: true });
        return;
      }
      if (err instanceof ApiError && err.status === 422) {
        setFieldError(err.errors[mode]?.[0] ?? err.message);
      } else {
        setError(errorMessage(err));
      }
      setValue('');
      inputRef.current?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  const isCode = mode === 'code';
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
        Tweestapsverificatie
      </Typography>
      <Typography color="text.secondary">
        {isCode
          ? 'Vul de code van 6 cijfers in uit je authenticator-app.'
          : 'Vul een van je herstelcodes in. Elke herstelcode werkt één keer.'}
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <TextInput
        key={mode}
        name={mode}
        label={isCode ? 'Code' : 'Herstelcode'}
        inputRef={inputRef}
        autoFocus
        required
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={!!fieldError}
        helperText={fieldError ?? undefined}
        autoComplete={isCode ? 'one-time-code' : 'off'}
        slotProps={{
          htmlInput: isCode
            ? { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7, spellCheck: false }
            : { autoCapitalize: 'none', spellCheck: false, maxLength: 20 },
        }}
      />
      <Button type="submit" variant="contained" size="large" disabled={submitting}>
        {submitting ? 'Bezig met controleren...' : 'Inloggen'}
      </Button>
      <Button variant="text" onClick={switchMode} sx={{ alignSelf: 'flex-start' }}>
        {isCode ? 'Herstelcode gebruiken' : 'Code uit je app gebruiken'}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {TWO_FACTOR_TEXT.lostDevice}
      </Typography>
    </Stack>
  );
}
