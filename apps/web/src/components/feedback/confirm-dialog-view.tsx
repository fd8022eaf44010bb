import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ConfirmOptions } from './confirm-options';

/**
 * The MUI dialog behind useConfirm(). A destructive one (archive, delete) opens with the focus on
 * "Annuleren": an Enter meant for the row's button must not archive or delete as well. A harmless
 * one (restore, approve) opens on its confirm button.
 */
export default function ConfirmDialogView({
  options,
  onFinish,
}: {
  options: ConfirmOptions;
  onFinish: (ok: boolean) => void;
}) {
  return (
    <Dialog open onClose={() => onFinish(false)} aria-labelledby="confirm-title" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-title">{options.title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{options.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onFinish(false)} color="inherit" autoFocus={!!options.destructive}>
          {options.cancelLabel ?? 'Annuleren'}
        </Button>
        <Button
          onClick={() => onFinish(true)}
          variant="contained"
          color={options.destructive ? 'error' : 'primary'}
          autoFocus={!options.destructive}
        >
          {options.confirmLabel ?? 'Bevestigen'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
