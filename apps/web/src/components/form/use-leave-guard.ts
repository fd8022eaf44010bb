import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useConfirm } from '../feedback/confirm-dialog';

/**
 * Leaving a screen with unsaved changes asks first ("Weggooien" or "Blijven"): a move to another
 * path while `unsaved()` says so (read at the moment of the move, so a save just made counts);
 * the way to the login (a session that ended) never waits. `onLeave` runs when the user leaves.
 */
export function useLeaveGuard(unsaved: () => boolean, onLeave?: () => void) {
  const confirm = useConfirm();
  const leaving = useRef(onLeave);
  leaving.current = onLeave;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved() && currentLocation.pathname !== nextLocation.pathname && nextLocation.pathname !== '/login',
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm({
      title: 'Wijzigingen niet opgeslagen',
      message: 'Je hebt wijzigingen die nog niet zijn opgeslagen. Wil je deze pagina verlaten en ze weggooien?',
      confirmLabel: 'Weggooien',
      cancelLabel: 'Blijven',
      destructive: true,
    }).then((leave) => {
      if (leave) {
        leaving.current?.();
        blocker.proceed();
      } else blocker.reset();
    });
  }, [blocker, confirm]);
}
