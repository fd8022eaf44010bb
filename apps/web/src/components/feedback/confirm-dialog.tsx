import { Suspense, createContext, lazy, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import type { ConfirmOptions } from './confirm-options';

// The dialog itself loads on first use: the login page does not carry it.
const ConfirmDialogView = lazy(() => import('./confirm-dialog-view'));

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
      {options && (
        <Suspense fallback={null}>
          <ConfirmDialogView options={options} onFinish={finish} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

export const useConfirm = () => useContext(ConfirmContext);
