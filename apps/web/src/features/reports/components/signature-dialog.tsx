import { Suspense, lazy, useCallback, useRef, useState } from 'react';
import type { Verdict } from '@keurwijzer/shared/compliance';
import { fullName } from '@keurwijzer/shared/user-basics';
import { useCurrentUser } from '../../../lib/api/auth';
import type { LinkedMalfunction, SignatureResult } from './signature-types';

// The dialog and signature_pad load on first use: the report screen's first paint does not carry them.
const SignatureDialogView = lazy(() => import('./signature-dialog-view'));

type Request = {
  verdict: Verdict;
  malfunctions: LinkedMalfunction[];
  resolve: (result: SignatureResult | null) => void;
};

/**
 * "Rapport afronden": one dialog with the verdict line, the mechanic's signature (required, the
 * name prefilled with the logged-in user's) and optionally the customer contact's name and
 * signature. `ask` resolves with the signatures on "Afronden", null on "Annuleren" or Escape;
 * render `dialog` once in the screen.
 */
export function useSignatureDialog() {
  const user = useCurrentUser();
  const [request, setRequest] = useState<Request | null>(null);
  const pending = useRef<Request | null>(null);

  const ask = useCallback(
    ({ verdict, malfunctions = [] }: { verdict: Verdict; malfunctions?: LinkedMalfunction[] }) =>
      new Promise<SignatureResult | null>((resolve) => {
        // A second ask (a double tap) cancels the first.
        pending.current?.resolve(null);
        pending.current = { verdict, malfunctions, resolve };
        setRequest(pending.current);
      }),
    [],
  );

  const finish = (result: SignatureResult | null) => {
    pending.current?.resolve(result);
    pending.current = null;
    setRequest(null);
  };

  const dialog = request ? (
    <Suspense fallback={null}>
      <SignatureDialogView
        verdict={request.verdict}
        malfunctions={request.malfunctions}
        mechanicName={fullName(user)}
        onFinish={finish}
      />
    </Suspense>
  ) : null;

  return { ask, dialog };
}
