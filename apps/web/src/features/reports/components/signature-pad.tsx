import { useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SIGNATURE_TEXT, SIGNER_NAME_MAX } from '@keurwijzer/shared/reports';
import SignaturePad from 'signature_pad';

/* One signer's part of "Rapport afronden": the drawing pad (signature_pad) and its section. */

/** The pad's height in CSS pixels: room for a signature on a phone and a desktop alike. */
const PAD_HEIGHT = 160;

/**
 * A signature pad on a canvas that follows its box's width (sharp on any pixel ratio). `canvasRef`
 * is a callback ref: the dialog's content mounts in a portal after the dialog itself, so the pad
 * is made when its canvas arrives, not when this hook's component mounts.
 */
export function usePad(onStroke: () => void) {
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
export const pngOf = (canvas: HTMLCanvasElement) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no signature image'))), 'image/png'),
  );

/** One signer: a heading, the name, the pad (touch, mouse and pen) and "Wissen". */
export function SignerSection({
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
