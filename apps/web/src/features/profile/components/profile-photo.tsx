import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { fullName, type CurrentUser } from '@keurwijzer/shared/users';
import { useConfirmedAction } from '../../../components/feedback/use-confirmed-action';
import { useNotify } from '../../../components/feedback/notifications';
import { errorMessage } from '../../../lib/api-client';
import { removePhoto, uploadPhoto, useProfileChange } from '../api/profile';

const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/webp';

/** "Anna van der Berg" -> "AB". */
const initialsOf = (user: CurrentUser) => `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();

/**
 * The profile photo: the current one (or the initials), "Foto kiezen" (JPEG, PNG or WebP of at
 * most 10 MB; the server cuts it to a square) which uploads at once and shows the chosen file
 * while it does, and "Foto verwijderen" after a confirmation. Not part of the name form: a photo
 * is saved on its own.
 */
export function ProfilePhoto({ user }: { user: CurrentUser }) {
  const input = useRef<HTMLInputElement>(null);
  const notify = useNotify();
  const run = useConfirmedAction();
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useProfileChange(uploadPhoto);
  const remove = useProfileChange(removePhoto);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setProblem(null);
    if (file.size > MAX_BYTES) {
      setProblem(`${file.name} is groter dan 10 MB.`);
      return;
    }
    setPreview(URL.createObjectURL(file));
    try {
      const res = await upload.mutateAsync(file);
      if (res.message) notify(res.message);
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setPreview(null);
    }
  };

  const busy = upload.isPending || remove.isPending;
  const src = preview ?? user.image ?? undefined;

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
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<AddPhotoIcon />}
            onClick={() => input.current?.click()}
            disabled={busy}
          >
            {upload.isPending ? 'Bezig met uploaden...' : 'Foto kiezen'}
          </Button>
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
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            hidden
            aria-label="Foto kiezen"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </Box>
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
