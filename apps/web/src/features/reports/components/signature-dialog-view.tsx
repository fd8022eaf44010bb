import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { COMPLIANCE_TEXT, type Verdict, VERDICT_LABELS } from '@keurwijzer/shared/compliance';
import { MALFUNCTION_TEXT } from '@keurwijzer/shared/malfunctions';
import { REPORT_TEXT, SIGNATURE_TEXT } from '@keurwijzer/shared/reports';
import { MSG } from '@keurwijzer/shared/validation';
import type { LinkedMalfunction, SignatureResult } from './signature-types';
import { pngOf, SignerSection, usePad } from './signature-pad';

/** Said when the customer signed without a name. */
export const CUSTOMER_NAME_REQUIRED = 'Vul de naam van de contactpersoon in';

/**
 * The "Rapport afronden" dialog (useSignatureDialog): full screen on a phone; Escape and
 * "Annuleren" cancel; the errors are said at the field and the pad.
 */
export default function SignatureDialogView({
  verdict,
  malfunctions = [],
  mechanicName,
  onFinish,
}: {
  verdict: Verdict;
  /** Malfunctions planned on the report: each offered to set to Opgelost, checked. */
  malfunctions?: LinkedMalfunction[];
  mechanicName: string;
  onFinish: (result: SignatureResult | null) => void;
}) {
  const [resolving, setResolving] = useState<ReadonlySet<number>>(() => new Set(malfunctions.map((f) => f.id)));
  const toggle = (id: number, on: boolean) =>
    setResolving((set) => {
      const next = new Set(set);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [mechanic, setMechanic] = useState(mechanicName);
  const [customer, setCustomer] = useState('');
  const [errors, setErrors] = useState<
    Record<'mechanicName' | 'mechanicPad' | 'customerName' | 'customerPad', string | null>
  >({
    mechanicName: null,
    mechanicPad: null,
    customerName: null,
    customerPad: null,
  });
  const [busy, setBusy] = useState(false);
  const mechanicSigner = usePad(() => setErrors((e) => ({ ...e, mechanicPad: null })));
  const customerSigner = usePad(() => setErrors((e) => ({ ...e, customerPad: null, customerName: null })));
  const mechanicPad = mechanicSigner.pad;
  const customerPad = customerSigner.pad;

  const finish = async () => {
    const mechanicEmpty = mechanicPad.current?.isEmpty() ?? true;
    const customerSigned = !(customerPad.current?.isEmpty() ?? true);
    const next = {
      mechanicName: mechanic.trim() ? null : MSG.required,
      mechanicPad: mechanicEmpty ? SIGNATURE_TEXT.signHere : null,
      customerName: customerSigned && !customer.trim() ? CUSTOMER_NAME_REQUIRED : null,
      // A name without a signature: the customer has not signed yet.
      customerPad: !customerSigned && customer.trim() ? SIGNATURE_TEXT.signHere : null,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      onFinish({
        mechanic: { name: mechanic.trim(), blob: await pngOf(mechanicSigner.canvas!) },
        customer: customerSigned ? { name: customer.trim(), blob: await pngOf(customerSigner.canvas!) } : null,
        resolveMalfunctions: malfunctions.filter((f) => resolving.has(f.id)).map((f) => f.id),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={() => onFinish(null)}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="signature-title"
      aria-describedby="signature-verdict"
    >
      <DialogTitle id="signature-title">Rapport afronden</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 3 }}>
        <DialogContentText id="signature-verdict">
          {`${COMPLIANCE_TEXT.verdict}: ${VERDICT_LABELS[verdict]}. ${REPORT_TEXT.submitConfirm}`}
        </DialogContentText>
        <SignerSection
          title={SIGNATURE_TEXT.mechanic}
          nameLabel={SIGNATURE_TEXT.mechanicName}
          name={mechanic}
          onName={(v) => {
            setMechanic(v);
            if (v.trim()) setErrors((e) => ({ ...e, mechanicName: null }));
          }}
          nameError={errors.mechanicName}
          padError={errors.mechanicPad}
          canvasRef={mechanicSigner.canvasRef}
          onClear={() => mechanicPad.current?.clear()}
          required
          autoFocus
        />
        <SignerSection
          title={SIGNATURE_TEXT.customer}
          hint={SIGNATURE_TEXT.customerOptional}
          nameLabel={SIGNATURE_TEXT.customerName}
          name={customer}
          onName={(v) => {
            setCustomer(v);
            setErrors((e) => ({ ...e, customerName: null, customerPad: null }));
          }}
          nameError={errors.customerName}
          padError={errors.customerPad}
          canvasRef={customerSigner.canvasRef}
          onClear={() => {
            customerPad.current?.clear();
            setErrors((e) => ({ ...e, customerName: null }));
          }}
          required={false}
        />
        {malfunctions.length > 0 && (
          <FormGroup aria-label="Storingen bij dit rapport">
            {malfunctions.map((f) => (
              <FormControlLabel
                key={f.id}
                control={<Checkbox checked={resolving.has(f.id)} onChange={(e) => toggle(f.id, e.target.checked)} />}
                label={`${MALFUNCTION_TEXT.resolveWithReport}: ${f.description}`}
                sx={{ overflowWrap: 'anywhere' }}
              />
            ))}
          </FormGroup>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
        <Button onClick={() => onFinish(null)} color="inherit" sx={{ minHeight: 44 }}>
          Annuleren
        </Button>
        <Button onClick={() => void finish()} variant="contained" disabled={busy} sx={{ minHeight: 44 }}>
          Afronden
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export * from './signature-pad';
