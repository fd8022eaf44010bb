import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Path, UseFormReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import {
  MALFUNCTION_TEXT,
  MALFUNCTION_URGENCIES,
  MALFUNCTION_URGENCY_LABELS,
  MAX_MALFUNCTION_PHOTOS,
  MalfunctionInputSchema,
  type MalfunctionFormValues,
} from '@keurwijzer/shared/malfunctions';
import { PHONE_TEXT } from '@keurwijzer/shared/phone';
import { TEXT } from '@keurwijzer/shared/texts';
import { MAX_TEXT } from '@keurwijzer/shared/validation';
import { useNotify } from '../../../components/feedback/notifications';
import { TextFieldElement } from '../../../components/form/form-fields';
import { RadioGroupElement } from '../../../components/form/radio-group-element';
import { serverPhotoError } from '../../../components/photo/photo-check';
import { PhotoField } from '../../../components/photo/photo-field';
import type { PickedPhoto } from '../../../components/photo/use-picked-photos';
import { usePhotoChoice, type PhotoChoice } from '../../../components/photo/use-photo-choice';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../lib/api/profile';
import { useReportMalfunction } from '../../../lib/api/portal';
import { labelOptions } from '../../../lib/label-options';

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

/** The fields of the form itself (a server's 422 on one of them goes under it). */
const FORM_FIELDS = ['description', 'remark', 'urgency', 'contact_phone'];

const URGENCY_OPTIONS = labelOptions(MALFUNCTION_URGENCIES, MALFUNCTION_URGENCY_LABELS);

/** Said when a photo the browser refused is still among the chosen ones at sending. */

/**
 * A refusal where it belongs: a field's under that field, a photo's under that photo, one about
 * the photos together under the photos, anything else above the buttons.
 */
function placeErrors(
  err: unknown,
  {
    form,
    sent,
    photos,
    setFailure,
  }: {
    form: UseFormReturn<MalfunctionFormValues>;
    sent: PickedPhoto[];
    photos: PhotoChoice;
    setFailure: (text: string) => void;
  },
) {
  const fields = err instanceof ApiError && err.status === 422 ? Object.entries(err.errors) : [];
  const own = fields.filter(([f]) => FORM_FIELDS.includes(f));
  own.forEach(([field, messages], i) =>
    form.setError(
      field as Path<MalfunctionFormValues>,
      { type: 'server', message: messages[0] },
      { shouldFocus: i === 0 },
    ),
  );
  // A photo's refusal under that photo (`photos.1`, or `photos` when only one was sent) ...
  const photoMessages = sent.map((p, i) => serverPhotoError(err, 'photos', i, sent.length));
  sent.forEach((p, i) => photoMessages[i] && photos.picked.setProblem(p.key, photoMessages[i]));
  const placed = photoMessages.some(Boolean);
  const isPhotoField = (f: string) => f === 'photos' || f.startsWith('photos.');
  // ... about the photos together (too many) under the photos; anything else above the buttons.
  const together = fields.find(([f]) => f === 'photos')?.[1][0];
  if (together && !placed) photos.setProblem(together);
  const rest = fields.filter(([f]) => !FORM_FIELDS.includes(f) && !isPhotoField(f)).flatMap(([, m]) => m);
  if ((own.length === 0 && !placed && !together) || rest.length > 0) setFailure(rest[0] ?? failureText(err));
}

/** "Bereikbaar op" starts as the profile's number once it is known, unless something was typed there. */
function useProfilePhone(form: UseFormReturn<MalfunctionFormValues>) {
  const profilePhone = useProfile().data?.phone;
  useEffect(() => {
    if (profilePhone && !form.getValues('contact_phone')) {
      form.resetField('contact_phone', { defaultValue: profilePhone });
    }
  }, [profilePhone, form]);
}

/**
 * "Storing melden" (from the machine screen and from a row of the machines list): a description,
 * how bad it is ("Machine staat stil" / "Machine werkt nog", required, nothing chosen beforehand),
 * a remark, "Bereikbaar op" (prefilled from the profile's phone number) and up to 3 photos, sent
 * as multipart. A failure keeps the dialog open with everything typed and chosen, and says why;
 * success notifies "Storing gemeld" and shows when contact follows.
 */
export function ReportMalfunctionDialog({ machine, onClose }: { machine: MalfunctionMachine; onClose: () => void }) {
  const notify = useNotify();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const report = useReportMalfunction(machine.id);
  const form = useZodForm(MalfunctionInputSchema, {
    description: '',
    remark: '',
    contact_phone: '',
  } satisfies Partial<MalfunctionFormValues>);
  useProfilePhone(form);
  const photos = usePhotoChoice(MAX_MALFUNCTION_PHOTOS, MALFUNCTION_TEXT.tooManyPhotos);
  const { picked, setProblem: setPhotoProblem } = photos;
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const sending = form.formState.isSubmitting;

  const submit = submitValues(form, async (values) => {
    setFailure(null);
    setPhotoProblem(null);
    if (photos.refusedLeft()) return;
    // What the server said about a photo last time goes; it says it again if it still holds.
    const sent = picked.accepted;
    sent.forEach((p) => picked.setProblem(p.key, null));
    try {
      const res = await report.mutateAsync({ ...values, photos: sent.map((p) => p.file) });
      notify(res.message ?? MALFUNCTION_TEXT.reported);
      setDone(true);
    } catch (err) {
      placeErrors(err, { form, sent, photos, setFailure });
    }
  });

  const close = () => {
    if (!sending) onClose();
  };
  // A tap beside the form does not throw away what was typed or chosen (Annuleren and Escape do close).
  const typed = form.formState.isDirty || picked.photos.length > 0;
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
              <RadioGroupElement
                name="urgency"
                control={form.control}
                label={MALFUNCTION_TEXT.urgency}
                options={URGENCY_OPTIONS}
                required
              />
              <TextFieldElement
                name="remark"
                control={form.control}
                label="Opmerking"
                multiline
                minRows={2}
                counter={MAX_TEXT}
              />
              <TextFieldElement
                name="contact_phone"
                control={form.control}
                label={MALFUNCTION_TEXT.contactPhone}
                type="tel"
                autoComplete="tel"
                helperText={PHONE_TEXT.hint}
                slotProps={{ htmlInput: { inputMode: 'tel' } }}
              />
              <PhotoField
                choice={photos}
                heading={<>Foto&apos;s (optioneel, maximaal {MAX_MALFUNCTION_PHOTOS})</>}
                headingId="malfunction-photos"
                label="Foto toevoegen"
                disabled={sending}
              />
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
