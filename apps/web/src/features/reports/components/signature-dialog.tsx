import { Suspense, lazy, useCallback, useRef, useState } from 'react';
import type { Verdict } from '@keurwijzer/shared/compliance';
import { fullName } from '@keurwijzer/shared/user-basics';
import { useCurrentUser } from '../../auth/api/auth';

// The dialog and signature_pad load on first use: the report screen's first paint does not carry them.
const SignatureDialogView = lazy(() => import('./signature-dialog-view'));

/** One signature as the dialog gives it: who signed, and the pad's drawing as a PNG. */
export type GivenSignature = { name: string; blob: Blob };
/**
 * What "Afronden" gives: the mechanic's signature, the customer contact's when given, and the
 * malfunctions planned on the report to set to Opgelost with it.
 */
export type SignatureResult = {
  mechanic: GivenSignature;
  customer: GivenSignature | null;
  resolveMalfunctions: number[];
};

/** A malfunction planned on the report (ReportDetail.malfunctions). */
export type LinkedMalfunction = { id: number; description: string };

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
