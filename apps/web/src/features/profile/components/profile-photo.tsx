import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { fullName, type CurrentUser } from '@keurwijzer/shared/users';
import { useConfirmedAction } from '../../../components/feedback/use-confirmed-action';
import { useNotify } from '../../../components/feedback/notifications';
import { serverPhotoError } from '../../../components/photo/photo-check';
import { PhotoPicker } from '../../../components/photo/photo-picker';
import { usePickedPhotos } from '../../../components/photo/use-picked-photos';
import { errorMessage } from '../../../lib/api-client';
import { removePhoto, uploadPhoto, useProfileChange } from '../../../lib/api/profile';

/** "Anna van der Berg" -> "AB". */
const initialsOf = (user: CurrentUser) => `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();

/**
 * The profile photo: the current one (or the initials), and the photo picker (JPEG, PNG or WebP
 * of at most 10 MB, checked by its bytes as it is chosen; the server cuts it to a square), which
 * uploads at once; a refusal (the browser's or the server's, e.g. too many pixels) stays under
 * the chosen photo. "Foto verwijderen" after a confirmation. Not part of the name form: a photo
 * is saved on its own.
 */
export function ProfilePhoto({ user }: { user: CurrentUser }) {
  const notify = useNotify();
  const run = useConfirmedAction();
  const picked = usePickedPhotos(1);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useProfileChange(uploadPhoto);
  const remove = useProfileChange(removePhoto);

  const onChoose = async (files: File[]) => {
    setProblem(null);
    // One photo at a time: a new choice replaces the one shown (refused or not).
    picked.photos.forEach((p) => picked.remove(p.key));
    const [photo] = (await picked.add(files.slice(0, 1))).added;
    if (!photo || photo.problem) return;
    try {
      const res = await upload.mutateAsync(photo.file);
      if (res.message) notify(res.message);
      picked.remove(photo.key);
    } catch (err) {
      const own = serverPhotoError(err, 'image', 0, 1);
      if (own) picked.setProblem(photo.key, own);
      else {
        picked.remove(photo.key);
        setProblem(errorMessage(err));
      }
    }
  };

  const busy = upload.isPending || remove.isPending;
  const src = user.image ?? undefined;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Avatar
          src={src}
          alt={src ? `Foto van ${fullName(user)}` : undefined}
          sx={{ width: 96, height: 96, fontSize: 32, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          {initialsOf(user)}
        </Avatar>
        {user.image && (
          <Button
            color="error"
            startIcon={<DeleteIcon />}
            disabled={busy}
            onClick={() =>
              void run(
                {
                  title: 'Foto verwijderen',
                  message: 'Weet je zeker dat je je foto wilt verwijderen?',
                  confirmLabel: 'Verwijderen',
                  destructive: true,
                },
                () => remove.mutateAsync(undefined),
              )
            }
          >
            Foto verwijderen
          </Button>
        )}
      </Box>
      <Box sx={{ mt: 1.5, maxWidth: 400 }}>
        <PhotoPicker
          photos={picked.photos}
          onChoose={(files) => void onChoose(files)}
          onRemove={picked.remove}
          label={upload.isPending ? 'Bezig met uploaden...' : 'Foto kiezen'}
          kind="Gekozen foto"
          multiple={false}
          disabled={busy}
          removable={!upload.isPending}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        JPEG, PNG of WebP, maximaal 10 MB. De foto wordt vierkant bijgesneden.
      </Typography>
      {problem && (
        <Alert severity="warning" role="alert" onClose={() => setProblem(null)} sx={{ mt: 1.5 }}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}
