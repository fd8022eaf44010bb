import { useState } from 'react';
import type { Path } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import { LABEL_TEXT, PublicMalfunctionInputSchema, type PublicMalfunctionFormValues } from '@keurwijzer/shared/labels';
import { MAX_DESCRIPTION } from '@keurwijzer/shared/malfunctions';
import { TEXT } from '@keurwijzer/shared/texts';
import { TextFieldElement } from '../../../components/form/form-fields';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';
import { serverPhotoError } from '../../../components/photo/photo-check';
import { PhotoPicker } from '../../../components/photo/photo-picker';
import { usePickedPhotos } from '../../../components/photo/use-picked-photos';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { reportPublicMalfunction } from '../api/labels';

const FIELDS = ['name', 'contact', 'description'] as const;
const EMPTY: PublicMalfunctionFormValues = { name: '', contact: '', description: '' };

/** A failure in one line: the server's Dutch message; a 429 without one (a proxy's) the throttle's text. */
const failureText = (err: unknown) =>
  err instanceof ApiError && err.status === 429 && (!err.message || err.message === TEXT.serverError)
    ? LABEL_TEXT.throttledAddress
    : errorMessage(err);

/**
 * "Storing melden" on a label's public page: name, phone or e-mail, a description (with its
 * counter) and one optional photo with its preview, sent as multipart without a session. A
 * refusal keeps what was typed and says why (field errors under their fields, 429 above the
 * button); success replaces the form with the server's thanks.
 */
export function PublicMalfunctionForm({ token }: { token: string }) {
  const form = useZodForm(PublicMalfunctionInputSchema, EMPTY);
  const picked = usePickedPhotos(1);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const sending = form.formState.isSubmitting;

  const submit = submitValues(form, async (values) => {
    setFailure(null);
    if (picked.refused.length > 0) {
      setFailure('Verwijder eerst de foto die niet geschikt is.');
      return;
    }
    const photo = picked.accepted[0] ?? null;
    if (photo) picked.setProblem(photo.key, null);
    try {
      const message = await reportPublicMalfunction(token, values, photo?.file ?? null);
      setDone(message ?? LABEL_TEXT.reported);
    } catch (err) {
      const fields = err instanceof ApiError && err.status === 422 ? Object.entries(err.errors) : [];
      const own = fields.filter(([f]) => (FIELDS as readonly string[]).includes(f));
      own.forEach(([field, messages], i) =>
        form.setError(
          field as Path<PublicMalfunctionFormValues>,
          { type: 'server', message: messages[0] },
          { shouldFocus: i === 0 },
        ),
      );
      const photoMessage = photo ? serverPhotoError(err, 'photo', 0, 1) : null;
      if (photo && photoMessage) picked.setProblem(photo.key, photoMessage);
      const rest = fields
        .filter(([f]) => !(FIELDS as readonly string[]).includes(f) && f !== 'photo' && !f.startsWith('photo.'))
        .flatMap(([, m]) => m);
      if ((own.length === 0 && !photoMessage) || rest.length > 0) setFailure(rest[0] ?? failureText(err));
    }
  });

  if (done) {
    return (
      <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 40, flexShrink: 0 }} />
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{done}</Typography>
          <Button
            sx={{ mt: 1, ml: -1 }}
            onClick={() => {
              form.reset(EMPTY);
              picked.photos.forEach((p) => picked.remove(p.key));
              setDone(null);
            }}
          >
            Nog een storing melden
          </Button>
        </Box>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2 }}>
      <TextFieldElement name="name" control={form.control} label={LABEL_TEXT.name} required autoComplete="name" />
      <TextFieldElement
        name="contact"
        control={form.control}
        label={LABEL_TEXT.contact}
        required
        autoComplete="email"
        helperText="Zodat de keuringsdienst contact met je kan opnemen."
      />
      <TextFieldElement
        name="description"
        control={form.control}
        label={LABEL_TEXT.description}
        required
        multiline
        minRows={4}
        counter={MAX_DESCRIPTION}
      />
      <Box>
        <Typography variant="body2" color="text.secondary" id="public-malfunction-photo" sx={{ mb: 1 }}>
          {LABEL_TEXT.photo}
        </Typography>
        <PhotoPicker
          photos={picked.photos}
          onChoose={(files) => {
            setFailure(null);
            void picked.add(files.slice(0, 1));
          }}
          onRemove={(key) => picked.remove(key)}
          label="Foto kiezen"
          inputLabel="Foto van de storing"
          labelId="public-malfunction-photo"
          multiple={false}
          full={picked.room <= 0}
          onFull={() => setFailure('Er kan één foto mee. Verwijder eerst de gekozen foto.')}
          disabled={sending}
        />
      </Box>
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={sending}>
        {sending ? 'Versturen...' : LABEL_TEXT.reportTitle}
      </Button>
    </Box>
  );
}
