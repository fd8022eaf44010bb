import { useLayoutEffect, useState } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import SnackbarContent from '@mui/material/SnackbarContent';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { NOTIFICATION_TIMEOUT_MS, type NotificationItem } from './notification-item';

/**
 * One notification: grey, closes by itself after 3000 ms or with its close button. From 960 px
 * wide (md) it stands top right (the spec), below the app bar (64 px) so the theme toggle and the
 * account button stay usable, and below whatever is marked `data-keep-clear` at the top of the
 * window when it appears (the page heading with its buttons, the report's sticky progress bar).
 * Narrower (phones and tablets) the top of the screen is what the user reads; there it stands at
 * the bottom, the whole width, above the safe area.
 */
/** Above the bottom edge and a phone's home indicator. */
const BOTTOM = 'calc(8px + env(safe-area-inset-bottom, 0px))';
/** Below the app bar. */
const TOP = 72;
/** How wide a notification may be at most (MUI's SnackbarContent), the strip it needs on the right. */
const STRIP = 600;

/** The top of the notification: below every marked element in the top third of the window on its right. */
export function clearTop(): number {
  let top = TOP;
  for (const el of document.querySelectorAll<HTMLElement>('[data-keep-clear]')) {
    const r = el.getBoundingClientRect();
    const onScreen = r.bottom > 0 && r.height > 0 && r.top < window.innerHeight / 3;
    if (onScreen && r.right > window.innerWidth - STRIP) top = Math.max(top, Math.ceil(r.bottom) + 8);
  }
  return top;
}

export default function NotificationView({
  item,
  onClose,
  onExited,
}: {
  item: NotificationItem;
  onClose: () => void;
  onExited: () => void;
}) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  // Measured once as it appears: it does not move while it is read.
  const [top, setTop] = useState(TOP);
  useLayoutEffect(() => {
    if (item.active && !narrow) setTop(clearTop());
  }, [item.active, narrow]);
  return (
    <Snackbar
      key={item.id}
      open={item.active}
      autoHideDuration={NOTIFICATION_TIMEOUT_MS}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={narrow ? { vertical: 'bottom', horizontal: 'center' } : { vertical: 'top', horizontal: 'right' }}
      // Per breakpoint, as MUI's own offsets (24 px from sm) are, so these win over them.
      sx={narrow ? { bottom: { xs: BOTTOM, sm: BOTTOM } } : { top: { sm: top } }}
      slotProps={{ transition: { onExited } }}
    >
      <SnackbarContent
        role={item.status === 'error' ? 'alert' : 'status'}
        data-status={item.status}
        sx={{ bgcolor: 'grey.800', color: 'common.white', borderLeft: 4, borderColor: `${item.status}.main` }}
        message={item.message}
        action={
          <IconButton aria-label="Melding sluiten" color="inherit" size="small" onClick={onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        }
      />
    </Snackbar>
  );
}
