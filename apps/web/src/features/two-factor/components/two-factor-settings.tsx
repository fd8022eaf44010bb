import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TwoFactorPasswordInputSchema } from '@keurwijzer/shared/two-factor';
import { useNotify } from '../../../components/feedback/notifications';
import { TextInput } from '../../../components/form/text-input';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/api/auth';
import { disableTwoFactor, newRecoveryCodes, setTwoFactorEnabled } from '../api/two-factor';
import { RecoveryCodesList } from './recovery-codes';
import { StatusChip } from '../../../components/display/status-chip';

type Action = 'disable' | 'codes';

const ACTIONS: Record<Action, { title: string; text: string; confirm: string; destructive: boolean }> = {
  disable: {
    title: 'Tweestapsverificatie uitschakelen',
    text: 'Daarna log je weer in met alleen je wachtwoord, en werken je herstelcodes niet meer. Vul je wachtwoord in om dit te bevestigen.',
    confirm: 'Uitschakelen',
    destructive: true,
  },
  codes: {
    title: 'Nieuwe herstelcodes',
    text: 'Je krijgt tien nieuwe herstelcodes; de oude werken daarna niet meer. Vul je wachtwoord in om dit te bevestigen.',
    confirm: 'Nieuwe codes maken',
    destructive: false,
  },
};

/** The password dialog of a two-factor change; the new recovery codes show in it afterwards. */
function PasswordDialog({ action, email, onClose }: { action: Action; email: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const texts = ACTIONS[action];

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = TwoFactorPasswordInputSchema.safeParse({ password });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      if (action === 'disable') {
        const message = await disableTwoFactor({ password });
        setTwoFactorEnabled(queryClient, false);
        if (message) notify(message);
        onClose();
      } else {
        setCodes(await newRecoveryCodes({ password }));
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setFieldError(err.errors.password?.[0] ?? err.message);
      else setError(errorMessage(err));
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="two-factor-dialog-title" maxWidth="sm" fullWidth>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="two-factor-dialog-title">{texts.title}</DialogTitle>
        <DialogContent>
          {codes ? (
            <RecoveryCodesList codes={codes} email={email} />
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Typography>{texts.text}</Typography>
              {error && (
                <Alert severity="error" role="alert">
                  {error}
                </Alert>
              )}
              <TextInput
                name="password"
                label="Wachtwoord"
                type="password"
                autoComplete="current-password"
                autoFocus
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={!!fieldError}
                helperText={fieldError ?? undefined}
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {codes ? (
            <Button variant="contained" onClick={onClose}>
              Klaar
            </Button>
          ) : (
            <>
              <Button color="inherit" onClick={onClose} disabled={busy}>
                Annuleren
              </Button>
              <Button type="submit" variant="contained" color={texts.destructive ? 'error' : 'primary'} disabled={busy}>
                {busy ? 'Bezig...' : texts.confirm}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * Two-factor sign-in on the profile: on or off; "Inschakelen" goes to 2fa-intro, "Uitschakelen"
 * and "Nieuwe herstelcodes" ask for the password in a dialog. For the profile's own section
 * (it brings no heading of its own).
 */
export function TwoFactorSettings() {
  const user = useCurrentUser();
  const [action, setAction] = useState<Action | null>(null);
  const on = user.two_factor_enabled;

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography>Tweestapsverificatie:</Typography>
        <StatusChip
          variant="filled"
          label={on ? 'Aan' : 'Uit'}
          tone={on ? 'success' : 'default'}
          data-testid="two-factor-status"
        />
      </Stack>
      <Typography color="text.secondary">
        {on
          ? 'Bij het inloggen vragen we naast je wachtwoord een code uit je authenticator-app.'
          : 'Met een code uit een app op je telefoon is je account beter beveiligd, ook als iemand je wachtwoord kent.'}
      </Typography>
      {on ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="outlined" color="error" onClick={() => setAction('disable')}>
            Uitschakelen
          </Button>
          <Button variant="outlined" onClick={() => setAction('codes')}>
            Nieuwe herstelcodes
          </Button>
        </Stack>
      ) : (
        <Button component={RouterLink} to="/2fa-intro" variant="outlined">
          Inschakelen
        </Button>
      )}
      {action && <PasswordDialog action={action} email={user.email} onClose={() => setAction(null)} />}
    </Stack>
  );
}
