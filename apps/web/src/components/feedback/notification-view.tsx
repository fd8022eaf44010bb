import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import SnackbarContent from '@mui/material/SnackbarContent';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { NOTIFICATION_TIMEOUT_MS, type NotificationItem } from './notifications';

/**
 * One notification: grey, closes by itself after 3000 ms or with its close button. From 960 px
 * wide (md) it stands top right (the spec), below the app bar (64 px) so the theme toggle and the
 * account button stay usable meanwhile. Narrower (phones and tablets, issue 19) the top of the
 * screen is what the user reads: the page heading and the sticky bars under the app bar (the
 * report's progress); there it stands at the bottom, the whole width, above the safe area.
 */
/** Above the bottom edge and a phone's home indicator. */
const BOTTOM = 'calc(8px + env(safe-area-inset-bottom, 0px))';

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
  return (
    <Snackbar
      key={item.id}
      open={item.active}
      autoHideDuration={NOTIFICATION_TIMEOUT_MS}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={narrow ? { vertical: 'bottom', horizontal: 'center' } : { vertical: 'top', horizontal: 'right' }}
      // Per breakpoint, as MUI's own offsets (24 px from sm) are, so these win over them.
      sx={narrow ? { bottom: { xs: BOTTOM, sm: BOTTOM } } : { top: { sm: 72 } }}
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
