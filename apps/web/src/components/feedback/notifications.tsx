import { Suspense, createContext, lazy, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { NotificationItem, NotificationStatus } from './notification-item';

// The snackbar loads with the first notification: the login page does not carry it.
const NotificationView = lazy(() => import('./notification-view'));

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
        <Suspense fallback={null}>
          <NotificationView item={current} onClose={() => close(current.id)} onExited={() => remove(current.id)} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}

/** `notify('Gebruiker is aangemaakt')`, or with a status: `notify(text, 'error')`. */
export const useNotify = () => useContext(NotifyContext);
