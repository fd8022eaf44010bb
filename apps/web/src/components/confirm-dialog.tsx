import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export type ConfirmOptions = {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  destructive?: boolean;
};

const ConfirmContext = createContext<(options: ConfirmOptions) => Promise<boolean>>(() => Promise.resolve(false));

/** One confirm dialog for the whole app; `await confirm({...})` resolves true on confirm. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<(ok: boolean) => void>(() => {});

  const confirm = useCallback((opts: ConfirmOptions) => {
    setOptions(opts);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const finish = (ok: boolean) => {
    resolver.current(ok);
    setOptions(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog open={options !== null} onClose={() => finish(false)} aria-labelledby="confirm-title" maxWidth="xs" fullWidth>
        {options && (
          <>
            <DialogTitle id="confirm-title">{options.title}</DialogTitle>
            <DialogContent>
              <DialogContentText component="div">{options.message}</DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => finish(false)}>{options.cancelLabel ?? 'Annuleren'}</Button>
              <Button
                onClick={() => finish(true)}
                variant="contained"
                color={options.destructive ? 'error' : 'primary'}
                autoFocus
              >
                {options.confirmLabel ?? 'Bevestigen'}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </ConfirmContext.Provider>
  );
}

export const useConfirm = () => useContext(ConfirmContext);
