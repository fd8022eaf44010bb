import { Suspense, lazy, useId, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloudUploadIcon from '@mui/icons-material/CloudUploadOutlined';
import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import { retryOutbox, useOnline, useOutboxState } from '../../lib/outbox/app-outbox';
import type { OutboxState } from '../../lib/outbox/outbox';
import type { OutboxScopes } from './outbox-list';

// The list loads when the badge is opened: the report screen's start does not carry it.
const OutboxList = lazy(() => import('./outbox-list'));

/** "3 wijzigingen nog niet verzonden". */
export const unsentText = (n: number) => `${n} ${n === 1 ? 'wijziging' : 'wijzigingen'} nog niet verzonden`;
/** "1 wijziging geweigerd". */
export const refusedCountText = (n: number) => `${n} ${n === 1 ? 'wijziging' : 'wijzigingen'} geweigerd`;

/** The badge's name: what waits, and what the server refused. */
export function badgeText(state: Pick<OutboxState, 'pending' | 'refused'>): string {
  const parts = [
    ...(state.pending > 0 || state.refused === 0 ? [unsentText(state.pending)] : []),
    ...(state.refused > 0 ? [refusedCountText(state.refused)] : []),
  ];
  return parts.join(', ');
}

/** Why they wait: no connection, being sent, waiting for a login, or a moment (typing). */
export function unsentReason(state: OutboxState, online: boolean): string {
  if (state.pending === 0)
    return 'De server weigerde deze wijzigingen: pas ze aan en verstuur ze opnieuw, of gooi ze weg.';
  if (state.status === 'unauthorized') return 'Wacht op inloggen: ze worden verzonden zodra je weer bent ingelogd.';
  if (!online || state.status === 'offline') return 'Geen verbinding: ze worden verzonden zodra er weer verbinding is.';
  if (state.status === 'sending') return 'Bezig met verzenden...';
  return 'Ze worden zo verzonden.';
}

/**
 * The app bar's count of the changes that wait on this device (the outbox, lib/outbox), and of
 * those the server refused: hidden when there are none. Its tooltip says why they wait; a tap
 * (or Enter) opens what waits per report and what was refused, with its reason.
 */
export function OutboxBadge({ scopes }: { scopes: OutboxScopes }) {
  const state = useOutboxState();
  const online = useOnline();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  if (state.pending === 0 && state.refused === 0) return null;
  const text = badgeText(state);
  const reason = unsentReason(state, online);
  const offline = !online || state.status === 'offline';
  const Icon = state.refused > 0 ? ErrorIcon : offline ? CloudOffIcon : CloudUploadIcon;
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
          <Badge badgeContent={state.pending + state.refused} color={state.refused > 0 ? 'error' : 'warning'} max={999}>
            <Icon />
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
        slotProps={{ paper: { role: 'dialog', 'aria-label': text, sx: { maxHeight: '70vh' } } }}
      >
        <Box sx={{ p: 2, width: 'min(360px, calc(100vw - 32px))' }}>
          <Typography sx={{ fontWeight: 600 }}>{text}</Typography>
          <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 0.5 }}>
            {reason}
          </Typography>
          {state.pending > 0 && state.status !== 'unauthorized' && online && (
            <Button size="small" sx={{ mt: 1 }} onClick={retryOutbox}>
              Nu verzenden
            </Button>
          )}
          {anchor && (
            <Suspense fallback={null}>
              <OutboxList scopes={scopes} onNavigate={() => setAnchor(null)} />
            </Suspense>
          )}
        </Box>
      </Popover>
    </>
  );
}
