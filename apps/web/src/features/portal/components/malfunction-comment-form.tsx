import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  MALFUNCTION_TEXT,
  MAX_DESCRIPTION,
  MalfunctionCommentInputSchema,
  type MalfunctionCommentFormValues,
} from '@keurwijzer/shared/malfunctions';
import { useNotify } from '../../../components/feedback/notifications';
import { TextFieldElement } from '../../../components/form/form-fields';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';
import { serverPhotoError } from '../../../components/photo/photo-check';
import { PhotoField } from '../../../components/photo/photo-field';
import { usePhotoChoice } from '../../../components/photo/use-photo-choice';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCommentOnMalfunction } from '../api/own-malfunction';

/** Said when the photo the browser refused is still chosen at sending. */

/**
 * "Reactie toevoegen": a text, one photo (the camera on a phone, or a file), or both, sent as
 * multipart. Sent: the form empties and the timeline shows it. A failure keeps the text and the
 * photo and says why: under the field or the photo it is about, else above the button.
 */
export function MalfunctionCommentForm({ malfunctionId }: { malfunctionId: number }) {
  const notify = useNotify();
  const send = useCommentOnMalfunction(malfunctionId);
  const form = useZodForm(MalfunctionCommentInputSchema, { comment: '' } satisfies MalfunctionCommentFormValues);
  const photos = usePhotoChoice(1, MALFUNCTION_TEXT.commentOnePhoto);
  const { picked, setProblem: setPhotoProblem } = photos;
  const [failure, setFailure] = useState<string | null>(null);
  const sending = form.formState.isSubmitting;

  const submit = submitValues(form, async (values) => {
    setFailure(null);
    setPhotoProblem(null);
    if (photos.refusedLeft()) return;
    const photo = picked.accepted[0] ?? null;
    if (!values.comment?.trim() && !photo) {
      form.setError('comment', { type: 'required', message: MALFUNCTION_TEXT.commentRequired }, { shouldFocus: true });
      return;
    }
    if (photo) picked.setProblem(photo.key, null);
    try {
      const res = await send.mutateAsync({ comment: values.comment ?? '', photo: photo?.file ?? null });
      notify(res.message ?? MALFUNCTION_TEXT.commented);
      form.reset({ comment: '' });
      if (photo) picked.remove(photo.key);
    } catch (err) {
      const errors = err instanceof ApiError && err.status === 422 ? err.errors : {};
      const text = errors.comment?.[0];
      if (text) form.setError('comment', { type: 'server', message: text }, { shouldFocus: true });
      const aboutPhoto = photo ? serverPhotoError(err, 'photo', 0, 1) : (errors.photo?.[0] ?? null);
      if (aboutPhoto && photo) picked.setProblem(photo.key, aboutPhoto);
      else if (aboutPhoto) setPhotoProblem(aboutPhoto);
      if (!text && !aboutPhoto) setFailure(errorMessage(err));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label={MALFUNCTION_TEXT.comment}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <TextFieldElement
          name="comment"
          control={form.control}
          label="Reactie"
          multiline
          minRows={3}
          counter={MAX_DESCRIPTION}
          helperText="Wat wil je nog laten weten?"
        />
        <PhotoField
          choice={photos}
          heading="Foto (optioneel)"
          headingId="comment-photo"
          label="Foto kiezen"
          inputLabel="Foto bij reactie kiezen"
          multiple={false}
          disabled={sending}
          removable={!sending}
        />
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={sending}>
            {sending ? 'Versturen...' : 'Reactie versturen'}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
