import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Path } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import CloseIcon from '@mui/icons-material/Close';
import {
  MALFUNCTION_TEXT,
  MAX_MALFUNCTION_PHOTOS,
  MalfunctionInputSchema,
  type MalfunctionFormValues,
} from '@keurwijzer/shared/malfunctions';
import { TEXT } from '@keurwijzer/shared/texts';
import { useNotify } from '../../../components/feedback/notifications';
import { TextFieldElement } from '../../../components/form/form-fields';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useReportMalfunction } from '../api/portal';

/** What a photo may be: the machine images' types and size (the server checks the content). */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 10 * 1024 * 1024;

type Photo = { file: File; url: string };

/** The machine the malfunction is about. */
export type MalfunctionMachine = { id: number; name: string; inventory_number: string };

/**
 * A failed report as one line: the server's message (on 429 the throttle's or the upload limit's
 * Dutch text); a 429 without one (a proxy's) still gets the throttle's text.
 */
const failureText = (err: unknown) =>
  err instanceof ApiError && err.status === 429 && (!err.message || err.message === TEXT.serverError)
    ? MALFUNCTION_TEXT.throttled
    : errorMessage(err);

/** The chosen photos: previews (object URLs, released when removed or when the dialog closes). */
function usePhotos() {
  const [photos, setPhotos] = useState<Photo[]>([]);
  const current = useRef(photos);
  current.current = photos;
  useEffect(() => () => current.current.forEach((p) => URL.revokeObjectURL(p.url)), []);
  const add = (files: File[]): string | null => {
    let problem: string | null = null;
    const ok = files.filter((f) => {
      if (!PHOTO_TYPES.includes(f.type)) problem = `${f.name} is geen JPEG-, PNG- of WebP-afbeelding.`;
      else if (f.size > MAX_BYTES) problem = `${f.name} is groter dan 10 MB.`;
      else return true;
      return false;
    });
    const room = MAX_MALFUNCTION_PHOTOS - current.current.length;
    if (ok.length > room) problem = MALFUNCTION_TEXT.tooManyPhotos;
    const added = ok.slice(0, Math.max(0, room)).map((file) => ({ file, url: URL.createObjectURL(file) }));
    if (added.length) setPhotos((list) => [...list, ...added]);
    return problem;
  };
  const remove = (photo: Photo) => {
    URL.revokeObjectURL(photo.url);
    setPhotos((list) => list.filter((p) => p !== photo));
  };
  return { photos, add, remove };
}

/**
 * "Storing melden" (from the machine screen and from a row of the machines list): a description,
 * a remark and up to 3 photos, sent as multipart. A failure keeps the dialog open with everything
 * typed and chosen, and says why; success notifies "Storing gemeld" and shows when contact follows.
 */
export function ReportMalfunctionDialog({ machine, onClose }: { machine: MalfunctionMachine; onClose: () => void }) {
  const notify = useNotify();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const touch = useMediaQuery('(pointer: coarse)');
  const report = useReportMalfunction(machine.id);
  const form = useZodForm(MalfunctionInputSchema, { description: '', remark: '' } satisfies MalfunctionFormValues);
  const { photos, add, remove } = usePhotos();
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const sending = form.formState.isSubmitting;

  const submit = submitValues(form, async (values) => {
    setFailure(null);
    try {
      const res = await report.mutateAsync({ ...values, photos: photos.map((p) => p.file) });
      notify(res.message ?? MALFUNCTION_TEXT.reported);
      setDone(true);
    } catch (err) {
      const fields = err instanceof ApiError && err.status === 422 ? Object.entries(err.errors) : [];
      const own = fields.filter(([f]) => f === 'description' || f === 'remark');
      own.forEach(([field, messages], i) =>
        form.setError(
          field as Path<MalfunctionFormValues>,
          { type: 'server', message: messages[0] },
          { shouldFocus: i === 0 },
        ),
      );
      // Photos and anything else: one line above the buttons (the values stay as they were).
      const rest = fields.filter(([f]) => f !== 'description' && f !== 'remark').flatMap(([, m]) => m);
      if (own.length === 0 || rest.length > 0) setFailure(rest[0] ?? failureText(err));
    }
  });

  const onFiles = (input: HTMLInputElement) => {
    setPhotoProblem(add(Array.from(input.files ?? [])));
    input.value = '';
  };
  const full = photos.length >= MAX_MALFUNCTION_PHOTOS;
  const close = () => {
    if (!sending) onClose();
  };
  // A tap beside the form does not throw away what was typed or chosen (Annuleren and Escape do close).
  const typed = form.formState.isDirty || photos.length > 0;
  const onDialogClose = (_: unknown, reason: 'backdropClick' | 'escapeKeyDown') => {
    if (reason === 'backdropClick' && typed && !done) return;
    close();
  };

  return (
    <Dialog
      open
      onClose={onDialogClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone && !done}
      aria-labelledby="malfunction-title"
    >
      {done ? (
        <>
          <DialogTitle id="malfunction-title">{MALFUNCTION_TEXT.reported}</DialogTitle>
          <DialogContent>
            {/* Announced: the notification behind the dialog is hidden from screen readers while it is open. */}
            <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
              <CheckCircleIcon color="success" sx={{ fontSize: 40, flexShrink: 0 }} />
              <Box>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {machine.name} ({machine.inventory_number})
                </Typography>
                <Typography sx={{ mt: 1 }}>{MALFUNCTION_TEXT.contact}</Typography>
              </Box>
            </Box>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button component={RouterLink} to="/malfunctions" onClick={onClose}>
              Naar {MALFUNCTION_TEXT.mine.toLowerCase()}
            </Button>
            <Button variant="contained" onClick={onClose} autoFocus>
              Sluiten
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)}>
          <DialogTitle id="malfunction-title">
            {MALFUNCTION_TEXT.report}
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {machine.name} ({machine.inventory_number})
            </Typography>
          </DialogTitle>
          <DialogContent>
            <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
              <TextFieldElement
                name="description"
                control={form.control}
                label="Omschrijving"
                required
                multiline
                minRows={4}
                autoFocus
                helperText="Wat is er aan de hand?"
              />
              <TextFieldElement name="remark" control={form.control} label="Opmerking" />
              <Box>
                <Typography variant="body2" color="text.secondary" id="malfunction-photos">
                  Foto&apos;s (optioneel, maximaal {MAX_MALFUNCTION_PHOTOS})
                </Typography>
                {photos.length > 0 && (
                  <Box
                    component="ul"
                    aria-labelledby="malfunction-photos"
                    sx={{
                      listStyle: 'none',
                      p: 0,
                      m: 0,
                      mt: 1,
                      display: 'grid',
                      gridTemplateColumns: 'repeat(3, minmax(0, 120px))',
                      gap: 1,
                    }}
                  >
                    {photos.map((p, i) => (
                      <Box component="li" key={p.url} sx={{ position: 'relative' }}>
                        <Box
                          component="img"
                          src={p.url}
                          alt={`Foto ${i + 1}: ${p.file.name}`}
                          sx={{
                            width: '100%',
                            aspectRatio: '1',
                            objectFit: 'cover',
                            display: 'block',
                            borderRadius: 1,
                            bgcolor: 'action.hover',
                          }}
                        />
                        <IconButton
                          aria-label={`Foto ${i + 1} verwijderen`}
                          size="small"
                          onClick={() => {
                            remove(p);
                            setPhotoProblem(null);
                          }}
                          sx={{
                            position: 'absolute',
                            top: 4,
                            right: 4,
                            bgcolor: 'background.paper',
                            '&:hover': { bgcolor: 'background.paper' },
                          }}
                        >
                          <CloseIcon fontSize="small" />
                        </IconButton>
                      </Box>
                    ))}
                  </Box>
                )}
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
                  {touch && (
                    <Button
                      variant="outlined"
                      startIcon={<CameraIcon />}
                      onClick={() => (full ? setPhotoProblem(MALFUNCTION_TEXT.tooManyPhotos) : camera.current?.click())}
                    >
                      Foto maken
                    </Button>
                  )}
                  <Button
                    variant="outlined"
                    startIcon={<AddPhotoIcon />}
                    onClick={() => (full ? setPhotoProblem(MALFUNCTION_TEXT.tooManyPhotos) : picker.current?.click())}
                  >
                    Foto toevoegen
                  </Button>
                </Box>
                <input
                  ref={picker}
                  type="file"
                  accept={PHOTO_TYPES.join(',')}
                  multiple
                  hidden
                  aria-label="Foto kiezen"
                  onChange={(e) => onFiles(e.target)}
                />
                <input
                  ref={camera}
                  type="file"
                  accept={PHOTO_TYPES.join(',')}
                  capture="environment"
                  hidden
                  aria-label="Foto maken met de camera"
                  onChange={(e) => onFiles(e.target)}
                />
                {photoProblem && (
                  <Alert severity="warning" onClose={() => setPhotoProblem(null)} sx={{ mt: 1 }}>
                    {photoProblem}
                  </Alert>
                )}
              </Box>
              {failure && (
                <Alert severity="error" role="alert">
                  {failure}
                </Alert>
              )}
            </Box>
          </DialogContent>
          <DialogActions>
            <Button color="inherit" onClick={close} disabled={sending}>
              Annuleren
            </Button>
            <Button type="submit" variant="contained" disabled={sending}>
              {sending ? 'Versturen...' : MALFUNCTION_TEXT.report}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
