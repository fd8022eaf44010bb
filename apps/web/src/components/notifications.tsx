import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import SnackbarContent from '@mui/material/SnackbarContent';

export type NotificationStatus = 'success' | 'error' | 'info' | 'warning';
/** A notification item of spec section 3: id, active flag, status, message. */
type NotificationItem = { id: number; active: boolean; status: NotificationStatus; message: string };

/** Spec section 1 and 9: top right, grey, closes after 3000 ms, can be dismissed. */
export const NOTIFICATION_TIMEOUT_MS = 3000;

const NotifyContext = createContext<(message: string, status?: NotificationStatus) => void>(() => {});

let nextId = 1;

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<NotificationItem[]>([]);
  const notify = useCallback((message: string, status: NotificationStatus = 'success') => {
    setItems((list) => [...list, { id: nextId++, active: true, status, message }]);
  }, []);
  const close = (id: number) => setItems((list) => list.map((n) => (n.id === id ? { ...n, active: false } : n)));
  const remove = (id: number) => setItems((list) => list.filter((n) => n.id !== id));
  const current = items[0];

  return (
    <NotifyContext.Provider value={useMemo(() => notify, [notify])}>
      {children}
      {current && (
        <Snackbar
          key={current.id}
          open={current.active}
          autoHideDuration={NOTIFICATION_TIMEOUT_MS}
          onClose={(_, reason) => reason !== 'clickaway' && close(current.id)}
          anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{ transition: { onExited: () => remove(current.id) } }}
        >
          <SnackbarContent
            role={current.status === 'error' ? 'alert' : 'status'}
            data-status={current.status}
            sx={{ bgcolor: 'grey.800', color: 'common.white', borderLeft: 4, borderColor: `${current.status}.main` }}
            message={current.message}
            action={
              <IconButton aria-label="Melding sluiten" color="inherit" size="small" onClick={() => close(current.id)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            }
          />
        </Snackbar>
      )}
    </NotifyContext.Provider>
  );
}

/** `notify('Gebruiker is aangemaakt')`, or with a status: `notify(text, 'error')`. */
export const useNotify = () => useContext(NotifyContext);
