import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { TwoFactorEnableInputSchema, type TwoFactorSetup } from '@keurwijzer/shared/two-factor';
import { PageLoader } from '../../../components/feedback/page-loader';
import { useDocumentTitle } from '../../../components/layout/document-title';
import { TextInput } from '../../../components/form/text-input';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/api/auth';
import { enableTwoFactor, setTwoFactorEnabled, setupTwoFactor } from '../api/two-factor';
import { RecoveryCodesList, copyText } from '../components/recovery-codes';

/** Step 1: the new key as a QR code, and as text with a copy button for who cannot scan. */
function SetupKey({ setup }: { setup: TwoFactorSetup }) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <Typography>1. Scan deze QR-code met je authenticator-app.</Typography>
      <Box
        component="img"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
        alt="QR-code met de sleutel voor je authenticator-app"
        width={200}
        height={200}
        sx={{ alignSelf: 'center', bgcolor: '#fff', p: 1, borderRadius: 1 }}
      />
      <Typography>Scannen lukt niet? Typ dan deze sleutel over in de app:</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box
          component="code"
          data-testid="totp-secret"
          sx={{
            flex: 1,
            p: 1.5,
            fontSize: '1rem',
            letterSpacing: '0.05em',
            wordBreak: 'break-word',
            bgcolor: 'action.hover',
            borderRadius: 1,
          }}
        >
          {setup.secret}
        </Box>
        <Tooltip title={copied ? 'Gekopieerd' : 'Sleutel kopiëren'}>
          <IconButton
            aria-label="Sleutel kopiëren"
            onClick={() => void copyText(setup.secret.replace(/\s/g, '')).then(setCopied)}
          >
            <ContentCopy />
          </IconButton>
        </Tooltip>
      </Stack>
    </>
  );
}

/** Done: the ten recovery codes, shown once, and "Klaar". */
function RecoveryCodesShown({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  return (
    <Stack spacing={2.5}>
      <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
        Tweestapsverificatie staat aan
      </Typography>
      <Typography>Vanaf nu vraagt het inloggen ook om een code uit je app. Dit zijn je herstelcodes:</Typography>
      <RecoveryCodesList codes={codes} email={email} />
      <Button variant="contained" size="large" onClick={onDone}>
        Klaar
      </Button>
    </Stack>
  );
}

/** The account has it on already: nothing to set up. */
function AlreadyOn() {
  return (
    <Stack spacing={2.5}>
      <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
        Tweestapsverificatie instellen
      </Typography>
      <Alert severity="success">Tweestapsverificatie staat al aan voor je account.</Alert>
      <Button component={RouterLink} to="/profile" variant="contained" size="large">
        Naar je profiel
      </Button>
    </Stack>
  );
}

/**
 * 2fa-activate (authentication layout, needs a session): a new key as a QR code and as text,
 * the first code from the app to confirm it and the account's password (a stolen session alone
 * cannot turn it on), then the ten recovery codes, shown once, with copy and download, and "Klaar".
 */
export default function TwoFactorActivate() {
  useDocumentTitle('Tweestapsverificatie instellen');
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [setupError, setSetupError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const started = useRef(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const canStart = !!user && !user.two_factor_enabled;

  // One key per visit: every setup call replaces the unconfirmed key (the ref keeps a second
  // effect run from asking twice).
  useEffect(() => {
    if (!canStart || started.current) return;
    started.current = true;
    setupTwoFactor().then(setSetup, (err: unknown) => setSetupError(errorMessage(err)));
  }, [canStart]);

  if (isLoading) return <PageLoader />;
  if (!user) return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname)}`} replace />;

  if (recoveryCodes) {
    return (
      <RecoveryCodesShown
        codes={recoveryCodes}
        email={user.email}
        onDone={() => void navigate('/profile', { replace: true })}
      />
    );
  }

  if (user.two_factor_enabled) return <AlreadyOn />;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = TwoFactorEnableInputSchema.safeParse({ code, password });
    const first = (field: 'code' | 'password') =>
      parsed.error?.issues.find((issue) => issue.path[0] === field)?.message ?? null;
    setCodeError(first('code'));
    setPasswordError(first('password'));
    if (!parsed.success) {
      (first('code') ? codeRef : passwordRef).current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const codes = await enableTwoFactor({ code, password });
      setRecoveryCodes(codes);
      setTwoFactorEnabled(queryClient, true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && (err.errors.code || err.errors.password)) {
        // The server's texts (PASSWORD_TEXT.wrongCurrentPassword, TWO_FACTOR_TEXT.wrongCode, ...).
        setCodeError(err.errors.code?.[0] ?? null);
        setPasswordError(err.errors.password?.[0] ?? null);
        if (err.errors.password) {
          setPassword('');
          passwordRef.current?.focus();
        } else {
          setCode('');
          codeRef.current?.focus();
        }
      } else {
        setError(errorMessage(err));
        setCode('');
        codeRef.current?.focus();
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
        Tweestapsverificatie instellen
      </Typography>
      {setupError && (
        <Alert severity="error" role="alert">
          {setupError}
        </Alert>
      )}
      {!setup && !setupError && <PageLoader />}
      {setup && (
        <>
          <SetupKey setup={setup} />
          <Typography>2. Vul de code van 6 cijfers in die de app nu toont.</Typography>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            name="code"
            label="Code"
            inputRef={codeRef}
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={!!codeError}
            helperText={codeError ?? undefined}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7, spellCheck: false } }}
          />
          <Typography>3. Bevestig met je wachtwoord.</Typography>
          <TextInput
            name="password"
            label="Wachtwoord"
            type="password"
            inputRef={passwordRef}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={!!passwordError}
            helperText={passwordError ?? undefined}
          />
          <Button type="submit" variant="contained" size="large" disabled={submitting}>
            {submitting ? 'Bezig...' : 'Inschakelen'}
          </Button>
        </>
      )}
      {!user.two_factor_setup_required && (
        <Button component={RouterLink} to="/profile" variant="text">
          Annuleren
        </Button>
      )}
    </Stack>
  );
}
