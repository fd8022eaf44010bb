import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { RefusedEntry, StoredError } from '../../lib/outbox/store';
import { useConfirm } from '../feedback/confirm-dialog';

/** The server's reason as the user reads it: its message, and what it said of the fields. */
export function refusalReason(error: StoredError): string {
  const fields = Object.values(error.errors ?? {}).flat();
  const details = fields.filter((text) => text && text !== error.message);
  if (details.length === 0) return error.message;
  return `${error.message.replace(/[.:]$/, '')}: ${details.join('; ')}`;
}

export const RETRY_LABEL = 'Opnieuw versturen';
export const DISCARD_LABEL = 'Weggooien';

/**
 * One change the server refused: what it was, why, and what the user can do: send it again (after
 * fixing what the reason says, or when the refusal was a passing one) or throw it away (after a
 * confirmation: what was given is gone then). `show` opens where it can be fixed.
 */
export function RefusedItem({
  entry,
  onRetry,
  onDiscard,
  show,
}: {
  entry: RefusedEntry<unknown>;
  onRetry: (seq: number) => Promise<unknown>;
  onDiscard: (seq: number) => Promise<unknown>;
  show?: { label: string; onClick: () => void };
}) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const act = (action: () => Promise<unknown>) => {
    setBusy(true);
    void action().finally(() => setBusy(false));
  };
  const discard = async () => {
    const ok = await confirm({
      title: 'Wijziging weggooien',
      message: `"${entry.label ?? 'Deze wijziging'}" wordt niet meer verstuurd en is daarna weg.`,
      confirmLabel: DISCARD_LABEL,
      destructive: true,
    });
    if (ok) await onDiscard(entry.seq);
  };
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {entry.label ?? 'Wijziging'}
      </Typography>
      {/* The surrounding colours (an error alert, a popover), so it reads in either. */}
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        Geweigerd: {refusalReason(entry.error)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
        {show && (
          <Button size="small" color="inherit" onClick={show.onClick}>
            {show.label}
          </Button>
        )}
        <Button
          size="small"
          color="inherit"
          variant="outlined"
          disabled={busy}
          onClick={() => act(() => onRetry(entry.seq))}
        >
          {RETRY_LABEL}
        </Button>
        <Button size="small" color="inherit" disabled={busy} onClick={() => act(discard)}>
          {DISCARD_LABEL}
        </Button>
      </Box>
    </Box>
  );
}
