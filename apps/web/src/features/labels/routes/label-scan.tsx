import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { labelPath } from '@keurwijzer/shared/labels';
import { PageLoader } from '../../../components/feedback/page-loader';
import { PageHeader } from '../../../components/layout/page-header';
import { frameReader, labelTokenFromText, NOT_A_LABEL } from '../lib/scan';

type Camera = 'starting' | 'on' | 'refused' | 'absent' | 'failed';

/** Why there is no camera picture, in Dutch. */
const CAMERA_TEXT: Record<Exclude<Camera, 'starting' | 'on'>, string> = {
  refused:
    'Keurwijzer mag de camera niet gebruiken. Geef toestemming voor de camera in de instellingen van je browser en open deze pagina opnieuw, of typ hieronder de code van het label.',
  absent: 'Er is geen camera gevonden op dit apparaat. Typ hieronder de code van het label.',
  failed: 'De camera kon niet worden gestart. Typ hieronder de code van het label.',
};

/** Time between two frames read: a label is found within a fraction of a second, the phone stays cool. */
const FRAME_INTERVAL_MS = 250;

const cameraProblem = (err: unknown): Camera => {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'absent';
  return 'failed';
};

/**
 * The back camera into `video`, a frame read every FRAME_INTERVAL_MS: a label of this app opens
 * at once, another code sets `notLabel`. Stops when the screen is left.
 */
function useLabelCamera() {
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<Camera>('starting');
  const [notLabel, setNotLabel] = useState(false);
  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
    void (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setCamera('absent');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (err) {
        if (!stopped) setCamera(cameraProblem(err));
        return;
      }
      const element = video.current;
      if (stopped || !element) return stop();
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      if (stopped) return;
      setCamera('on');
      const read = await frameReader();
      const tick = async () => {
        if (stopped) return;
        const text = await read(element).catch(() => null);
        if (stopped) return;
        if (text !== null) {
          const token = labelTokenFromText(text, window.location.origin);
          if (token) {
            stop();
            void navigate(labelPath(token));
            return;
          }
          setNotLabel(true);
        }
        timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
      };
      void tick();
    })();
    return stop;
  }, [navigate]);
  return { video, camera, notLabel, setNotLabel };
}

/**
 * /mechanic/scan: the camera (the back one on a phone) reads a QR label; this app's label
 * (`<origin>/m/<token>`) opens at once, anything else says "Dit is geen Keurwijzer-label" and
 * scanning goes on. Without a camera (refused, absent) a field takes the code as typed. The camera
 * stops when the screen is left.
 */
export default function LabelScan() {
  const navigate = useNavigate();
  const { video, camera, notLabel, setNotLabel } = useLabelCamera();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const openCode = (e: FormEvent) => {
    e.preventDefault();
    const token = labelTokenFromText(code, window.location.origin);
    if (!token) {
      setCodeError(code.trim() ? NOT_A_LABEL : 'Vul de code van het label in');
      return;
    }
    void navigate(labelPath(token));
  };

  return (
    <Box sx={{ maxWidth: 560 }}>
      <PageHeader title="Label scannen" />
      {camera === 'starting' || camera === 'on' ? (
        <Box sx={{ mb: 3 }}>
          <Box
            sx={{
              position: 'relative',
              aspectRatio: '1',
              maxWidth: 480,
              borderRadius: 2,
              overflow: 'hidden',
              bgcolor: 'grey.900',
            }}
          >
            <Box
              component="video"
              ref={video}
              muted
              playsInline
              aria-label="Camerabeeld"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
            {/* The viewfinder: where the label goes. */}
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                inset: '18%',
                border: '3px solid rgba(255,255,255,0.9)',
                borderRadius: 2,
                boxShadow: '0 0 0 9999px rgba(0,0,0,0.35)',
              }}
            />
            {camera === 'starting' && (
              <Box
                sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'common.white' }}
              >
                <PageLoader label="Camera starten..." />
              </Box>
            )}
          </Box>
          <Typography sx={{ mt: 1.5 }} color="text.secondary">
            Richt de camera op de QR-code van het label.
          </Typography>
          {notLabel && (
            <Alert severity="warning" role="alert" sx={{ mt: 1.5 }} onClose={() => setNotLabel(false)}>
              {NOT_A_LABEL}
            </Alert>
          )}
        </Box>
      ) : (
        <Alert severity="info" sx={{ mb: 3 }}>
          {CAMERA_TEXT[camera]}
        </Alert>
      )}
      <Card variant="outlined" component="section" aria-labelledby="scan-code-title">
        <CardContent component="form" noValidate onSubmit={openCode} sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" id="scan-code-title" sx={{ mb: 1 }}>
            Code typen
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Lukt scannen niet? Typ of plak het adres van het label; de code van 22 tekens na /m/ is genoeg.
          </Typography>
          <TextField
            label="Code van het label"
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setCodeError(null);
            }}
            error={!!codeError}
            helperText={codeError ?? ' '}
            fullWidth
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
          />
          <Button type="submit" variant="contained" size="large" sx={{ mt: 1 }}>
            Openen
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
