import { useEffect, useId, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { COMPLIANCE_TEXT, VERDICT_LABELS, type Verdict } from '@keurwijzer/shared/compliance';
import { MALFUNCTION_TEXT } from '@keurwijzer/shared/malfunctions';
import { REPORT_TEXT, SIGNATURE_TEXT, SIGNER_NAME_MAX } from '@keurwijzer/shared/reports';
import { MSG } from '@keurwijzer/shared/validation';
import type { LinkedMalfunction, SignatureResult } from './signature-types';

/** Said when the customer signed without a name. */
export const CUSTOMER_NAME_REQUIRED = 'Vul de naam van de contactpersoon in';

/** The pad's height in CSS pixels: room for a signature on a phone and a desktop alike. */
const PAD_HEIGHT = 160;

/**
 * A signature pad on a canvas that follows its box's width (sharp on any pixel ratio). `canvasRef`
 * is a callback ref: the dialog's content mounts in a portal after the dialog itself, so the pad
 * is made when its canvas arrives, not when this hook's component mounts.
 */
function usePad(onStroke: () => void) {
  const pad = useRef<SignaturePad | null>(null);
  const [canvas, canvasRef] = useState<HTMLCanvasElement | null>(null);
  const stroke = useRef(onStroke);
  stroke.current = onStroke;
  useEffect(() => {
    if (!canvas) return;
    // Dark ink on the white box in both themes: the PNG is what the PDF prints.
    const signaturePad = new SignaturePad(canvas, { penColor: '#111111', minWidth: 0.8, maxWidth: 2.6 });
    pad.current = signaturePad;
    // Resizing clears the pad and draws its strokes again; during a stroke that would also forget
    // which pointer draws (signature_pad's clear()), so the stroke would never end and the pad
    // would keep the page's pointer events: the next tap ("Afronden") did nothing. The observer's
    // first call comes right after `observe`, often while the first stroke is being drawn.
    let drawing = false;
    let resizeWaits = false;
    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = canvas.offsetWidth;
      if (!width) return;
      if (canvas.width === Math.round(width * ratio) && canvas.height === PAD_HEIGHT * ratio) return;
      if (drawing) {
        resizeWaits = true;
        return;
      }
      const data = signaturePad.toData();
      canvas.width = Math.round(width * ratio);
      canvas.height = PAD_HEIGHT * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      signaturePad.clear();
      // The strokes are in CSS pixels: drawn again at the new size.
      if (data.length > 0) signaturePad.fromData(data);
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    const began = () => {
      drawing = true;
    };
    const ended = () => {
      drawing = false;
      if (resizeWaits) {
        resizeWaits = false;
        resize();
      }
      stroke.current();
    };
    signaturePad.addEventListener('beginStroke', began);
    signaturePad.addEventListener('endStroke', ended);
    // A touch on the pad is drawing, never a gesture of the page: signature_pad draws from the
    // pointer events and leaves the touch events as they are, so a quick last stroke ended in a
    // fling, and the phone's browser took the next tap (on "Afronden") as the fling's stop, not as
    // a click.
    const consume = (event: TouchEvent) => {
      if (event.cancelable) event.preventDefault();
    };
    canvas.addEventListener('touchstart', consume, { passive: false });
    canvas.addEventListener('touchmove', consume, { passive: false });
    return () => {
      canvas.removeEventListener('touchstart', consume);
      canvas.removeEventListener('touchmove', consume);
      observer.disconnect();
      signaturePad.removeEventListener('beginStroke', began);
      signaturePad.removeEventListener('endStroke', ended);
      signaturePad.off();
      pad.current = null;
    };
  }, [canvas]);
  return { pad, canvasRef, canvas };
}

/** The pad's drawing as a PNG (transparent around the ink; the server puts it on white). */
const pngOf = (canvas: HTMLCanvasElement) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no signature image'))), 'image/png'),
  );

/** One signer: a heading, the name, the pad (touch, mouse and pen) and "Wissen". */
function SignerSection({
  title,
  hint,
  nameLabel,
  name,
  onName,
  nameError,
  padError,
  canvasRef,
  onClear,
  required,
  autoFocus,
}: {
  title: string;
  hint?: string;
  nameLabel: string;
  name: string;
  onName: (name: string) => void;
  nameError: string | null;
  padError: string | null;
  canvasRef: (canvas: HTMLCanvasElement | null) => void;
  onClear: () => void;
  required: boolean;
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id={`${id}-title`} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
          {hint}
        </Typography>
      )}
      <TextField
        label={nameLabel}
        value={name}
        onChange={(e) => onName(e.target.value)}
        required={required}
        error={!!nameError}
        helperText={nameError ?? ' '}
        autoFocus={autoFocus}
        autoComplete="name"
        slotProps={{ htmlInput: { maxLength: SIGNER_NAME_MAX } }}
        fullWidth
      />
      <Box>
        <Box
          sx={{
            position: 'relative',
            border: 2,
            borderColor: padError ? 'error.main' : 'divider',
            borderRadius: 1,
            bgcolor: '#ffffff',
            overflow: 'hidden',
          }}
        >
          <canvas
            ref={canvasRef}
            role="img"
            aria-label={`${title}: teken met je vinger, pen of muis`}
            aria-describedby={`${id}-pad-help`}
            style={{ display: 'block', width: '100%', height: PAD_HEIGHT, touchAction: 'none', cursor: 'crosshair' }}
          />
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              left: 16,
              right: 16,
              bottom: 36,
              borderBottom: '1px dashed #8a8a8a',
              pointerEvents: 'none',
            }}
          />
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
          <FormHelperText id={`${id}-pad-help`} error={!!padError} sx={{ mx: 1.75 }}>
            {padError ?? 'Teken in het vak'}
          </FormHelperText>
          <Button onClick={onClear} size="small" color="inherit" sx={{ minHeight: 40 }}>
            {SIGNATURE_TEXT.clear}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

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
  const [errors, setErrors] = useState<Record<'mechanicName' | 'mechanicPad' | 'customerName' | 'customerPad', string | null>>({
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
