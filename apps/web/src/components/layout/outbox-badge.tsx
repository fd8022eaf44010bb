import { useId, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloudUploadIcon from '@mui/icons-material/CloudUploadOutlined';
import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import { retryOutbox, useOnline, useOutboxState } from '../../lib/outbox/app-outbox';
import type { OutboxState } from '../../lib/outbox/outbox';

/** "3 wijzigingen nog niet verzonden". */
export const unsentText = (n: number) => `${n} ${n === 1 ? 'wijziging' : 'wijzigingen'} nog niet verzonden`;

/** Why they wait: no connection, being sent, waiting for a login, or a moment (typing). */
export function unsentReason(state: OutboxState, online: boolean): string {
  if (state.status === 'unauthorized') return 'Wacht op inloggen: ze worden verzonden zodra je weer bent ingelogd.';
  if (!online || state.status === 'offline') return 'Geen verbinding: ze worden verzonden zodra er weer verbinding is.';
  if (state.status === 'sending') return 'Bezig met verzenden...';
  return 'Ze worden zo verzonden.';
}

/**
 * The app bar's count of the changes that wait on this device (the outbox, lib/outbox): hidden
 * when nothing waits. Its tooltip and its popover (a tap, or Enter) say why they wait.
 */
export function OutboxBadge() {
  const state = useOutboxState();
  const online = useOnline();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  if (state.pending === 0) return null;
  const text = unsentText(state.pending);
  const reason = unsentReason(state, online);
  const offline = !online || state.status === 'offline';
  return (
    <>
      <Tooltip title={`${text}. ${reason}`}>
        <IconButton
          color="inherit"
          aria-label={text}
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          aria-expanded={anchor ? true : undefined}
          data-testid="outbox-badge"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Badge badgeContent={state.pending} color="warning" max={999}>
            {offline ? <CloudOffIcon /> : <CloudUploadIcon />}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': text } }}
      >
        <Box sx={{ p: 2, maxWidth: 320 }}>
          <Typography sx={{ fontWeight: 600 }}>{text}</Typography>
          <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 0.5 }}>
            {reason}
          </Typography>
          {state.status !== 'unauthorized' && online && (
            <Button size="small" sx={{ mt: 1 }} onClick={retryOutbox}>
              Nu verzenden
            </Button>
          )}
        </Box>
      </Popover>
    </>
  );
}
