import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import SnackbarContent from '@mui/material/SnackbarContent';
import { NOTIFICATION_TIMEOUT_MS, type NotificationItem } from './notifications';

/**
 * One notification: top right, grey, closes by itself after 3000 ms or with its close button.
 * It stands below the app bar (56 px high on phones, 64 px from 600 px wide) so the theme toggle
 * and the account button stay usable meanwhile.
 */
export default function NotificationView({
  item,
  onClose,
  onExited,
}: {
  item: NotificationItem;
  onClose: () => void;
  onExited: () => void;
}) {
  return (
    <Snackbar
      key={item.id}
      open={item.active}
      autoHideDuration={NOTIFICATION_TIMEOUT_MS}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      sx={{ top: { xs: 64, sm: 72 } }}
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
