import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  API_TOKEN_DEFAULT_LIFETIME,
  API_TOKEN_LIFETIMES,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  API_TOKEN_TEXT,
  ApiTokenInputSchema,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenFormValues,
} from '@keurwijzer/shared/api-tokens';
import { useConfirmedAction } from '../../../components/feedback/use-confirmed-action';
import { useNotify } from '../../../components/feedback/notifications';
import { TextFieldElement } from '../../../components/form/form-fields';
import { RadioGroupElement } from '../../../components/form/radio-group-element';
import { SelectElement } from '../../../components/form/select-element';
import { showServerErrors } from '../../../components/form/server-errors';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens';
import { StatusChip } from '../../../components/display/status-chip';

const SCOPE_OPTIONS = API_TOKEN_SCOPES.map((value) => ({ value, label: API_TOKEN_SCOPE_LABELS[value] }));
const LIFETIME_OPTIONS = API_TOKEN_LIFETIMES.map((value) => ({ value, label: API_TOKEN_TEXT.lifetimeDays(value) }));

/** The new token, shown once, with a copy button. */
function CreatedToken({ created, onClose }: { created: ApiTokenCreated; onClose: () => void }) {
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      notify(API_TOKEN_TEXT.copied);
    } catch {
      notify('Kopiëren lukte niet; selecteer het token en kopieer het zelf.', 'error');
    }
  };
  return (
    <>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {API_TOKEN_TEXT.copyNow}
        </Alert>
        <TextField
          label={`Token "${created.name}"`}
          value={created.token}
          fullWidth
          autoFocus
          onFocus={(e) => e.target.select()}
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {API_TOKEN_SCOPE_LABELS[created.scope]}, geldig tot {formatDateTime(created.expires_at)}.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => void copy()}>{API_TOKEN_TEXT.copy}</Button>
        <Button variant="contained" onClick={onClose}>
          Klaar
        </Button>
      </DialogActions>
    </>
  );
}

/** "Nieuw API-token": name, rights and lifetime; then the token, once. */
function CreateDialog({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const create = useCreateApiToken();
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const form = useZodForm(ApiTokenInputSchema, {
    name: '',
    scope: 'read',
    expires_in_days: API_TOKEN_DEFAULT_LIFETIME,
  } satisfies ApiTokenFormValues);
  const submit = submitValues(form, async (values) => {
    try {
      const res = await create.mutateAsync(values);
      setCreated(res.data);
    } catch (err) {
      showServerErrors(form, err, notify);
    }
  });
  return (
    // While the token shows, only "Klaar" closes: a click beside the dialog must not lose it.
    <Dialog open onClose={created ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="api-token-title">
      <DialogTitle id="api-token-title">{created ? API_TOKEN_TEXT.created : API_TOKEN_TEXT.create}</DialogTitle>
      {created ? (
        <CreatedToken created={created} onClose={onClose} />
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)}>
          <DialogContent>
            <Stack spacing={2.5}>
              <DialogContentText>Geef het token de naam van het programma dat het gebruikt.</DialogContentText>
              <TextFieldElement
                control={form.control}
                name="name"
                label={API_TOKEN_TEXT.name}
                required
                autoFocus
                autoComplete="off"
                slotProps={{ htmlInput: { maxLength: 80 } }}
              />
              <RadioGroupElement
                control={form.control}
                name="scope"
                label={API_TOKEN_TEXT.scope}
                options={SCOPE_OPTIONS}
                required
                helperText="Alleen lezen is genoeg om rapporten en machines op te halen."
              />
              <SelectElement
                control={form.control}
                name="expires_in_days"
                label={API_TOKEN_TEXT.lifetime}
                options={LIFETIME_OPTIONS}
                required
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button color="inherit" onClick={onClose}>
              Annuleren
            </Button>
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
              Aanmaken
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const run = useConfirmedAction();
  const revoke = useRevokeApiToken();
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{token.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {token.revoked_at
            ? `${API_TOKEN_TEXT.revokedByArchive} op ${formatDateTime(token.revoked_at)}`
            : `${token.expired ? `${API_TOKEN_TEXT.expired} op` : 'Geldig tot'} ${formatDateTime(token.expires_at)}`}{' '}
          · {token.last_used_at ? `Laatst gebruikt ${formatDateTime(token.last_used_at)}` : API_TOKEN_TEXT.neverUsed}
        </Typography>
      </Box>
      <StatusChip label={API_TOKEN_SCOPE_LABELS[token.scope]} />
      {token.revoked_at ? (
        // Revoked by an archive: nothing left to do with it but make a new one.
        <StatusChip
          tone="warning"
          variant="filled"
          label={API_TOKEN_TEXT.revokedByArchive}
          title={API_TOKEN_TEXT.revokedByArchiveTitle}
        />
      ) : (
        token.expired && <StatusChip tone="warning" variant="filled" label={API_TOKEN_TEXT.expired} />
      )}
      {!token.revoked_at && (
        <Button
          color="error"
          size="small"
          aria-label={`${API_TOKEN_TEXT.revoke}: ${token.name}`}
          disabled={revoke.isPending}
          onClick={() =>
            void run(
              {
                title: `${API_TOKEN_TEXT.revoke}?`,
                message: API_TOKEN_TEXT.revokeConfirm(token.name),
                confirmLabel: API_TOKEN_TEXT.revoke,
                destructive: true,
              },
              () => revoke.mutateAsync(token.id),
            )
          }
        >
          {API_TOKEN_TEXT.revoke}
        </Button>
      )}
    </Box>
  );
}

/**
 * The profile's "API-tokens" (office admins and customer users): the user's tokens with their
 * rights, expiry and last use, "Nieuw API-token" (shown once) and revoking with a confirmation.
 */
export function ApiTokensSettings() {
  const tokens = useApiTokens();
  const [creating, setCreating] = useState(false);
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{API_TOKEN_TEXT.intro}</Typography>
      {tokens.isPending ? (
        <Skeleton variant="rounded" height={56} />
      ) : tokens.error ? (
        <Alert severity="error">{errorMessage(tokens.error)}</Alert>
      ) : tokens.data.length === 0 ? (
        <Typography>{API_TOKEN_TEXT.empty}</Typography>
      ) : (
        <Box component="ul" aria-label={API_TOKEN_TEXT.title} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {tokens.data.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </Box>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => setCreating(true)}>
          {API_TOKEN_TEXT.create}
        </Button>
        <Button component={RouterLink} to="/docs/api">
          {API_TOKEN_TEXT.docs}
        </Button>
      </Stack>
      {creating && <CreateDialog onClose={() => setCreating(false)} />}
    </Stack>
  );
}
