import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import BrokenImageIcon from '@mui/icons-material/BrokenImageOutlined';
import CameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { PHOTO_ACCEPT } from './photo-check';
import type { PickedPhoto } from './use-picked-photos';
import { CORNER_BUTTON_SX } from './photo-gallery';

/**
 * The one way to take a photo (profile photo, malfunction photos, machine images): "Foto maken"
 * (the camera, on a touch screen) and a button to choose files; each chosen photo is a tile with
 * its preview, its name and, under it, what is wrong with it: the browser's check of its bytes
 * at once (nothing is sent), or the server's refusal (the message of `errors.image` or
 * `errors['photos.1']`). The state lives in usePickedPhotos; the screen decides when to send.
 */
export function PhotoPicker({
  photos,
  onChoose,
  onRemove,
  label,
  full = false,
  onFull,
  inputLabel = 'Foto kiezen',
  multiple = true,
  disabled = false,
  removable = true,
  kind = 'Foto',
  labelId,
}: {
  photos: PickedPhoto[];
  /** Files the user chose (checked by the screen through usePickedPhotos). */
  onChoose: (files: File[]) => void;
  onRemove: (key: string) => void;
  /** The button that opens the file chooser. */
  label: string;
  /** No room for another photo: the buttons call `onFull` (which says so) instead. */
  full?: boolean;
  onFull?: () => void;
  /** The hidden file input's label (tests choose files through it). */
  inputLabel?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** A tile can be removed (not while it uploads). */
  removable?: boolean;
  /** "Foto 1: naam.jpg". */
  kind?: string;
  /** The element that names the list of photos. */
  labelId?: string;
}) {
  const picker = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const touch = useMediaQuery('(pointer: coarse)');
  const chosen = (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    input.value = '';
    if (files.length) onChoose(files);
  };
  const open = (input: HTMLInputElement | null) => (full ? onFull?.() : input?.click());

  return (
    <Box>
      {photos.length > 0 && (
        <Box
          component="ul"
          aria-labelledby={labelId}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mb: 1,
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
            gap: 1,
          }}
        >
          {photos.map((p, i) => {
            const messageId = `${p.key}-problem`;
            return (
              <Box component="li" key={p.key} sx={{ position: 'relative', minWidth: 0 }}>
                {p.url ? (
                  <Box
                    component="img"
                    src={p.url}
                    alt={`${kind} ${i + 1}: ${p.file.name}`}
                    aria-describedby={p.problem ? messageId : undefined}
                    sx={{
                      width: '100%',
                      aspectRatio: '1',
                      objectFit: 'cover',
                      display: 'block',
                      borderRadius: 1,
                      bgcolor: 'action.hover',
                      outline: p.problem ? '2px solid' : 'none',
                      outlineColor: 'error.main',
                    }}
                  />
                ) : (
                  <Box
                    sx={{
                      width: '100%',
                      aspectRatio: '1',
                      display: 'grid',
                      placeItems: 'center',
                      borderRadius: 1,
                      bgcolor: 'action.hover',
                      outline: '2px solid',
                      outlineColor: 'error.main',
                    }}
                  >
                    <BrokenImageIcon color="error" fontSize="large" aria-hidden />
                  </Box>
                )}
                <Typography variant="caption" component="p" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                  {p.file.name}
                </Typography>
                {p.problem && (
                  <Typography
                    id={messageId}
                    role="alert"
                    variant="body2"
                    color="error"
                    data-testid="photo-problem"
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {p.problem}
                  </Typography>
                )}
                {removable && (
                  <IconButton
                    aria-label={`${kind} ${i + 1} verwijderen`}
                    size="small"
                    onClick={() => onRemove(p.key)}
                    sx={CORNER_BUTTON_SX}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                )}
              </Box>
            );
          })}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {touch && (
          <Button
            variant="outlined"
            startIcon={<CameraIcon />}
            disabled={disabled}
            onClick={() => open(camera.current)}
          >
            Foto maken
          </Button>
        )}
        <Button
          variant="outlined"
          startIcon={<AddPhotoIcon />}
          disabled={disabled}
          onClick={() => open(picker.current)}
        >
          {label}
        </Button>
      </Box>
      <input
        ref={picker}
        type="file"
        accept={PHOTO_ACCEPT}
        multiple={multiple}
        hidden
        aria-label={inputLabel}
        onChange={(e) => chosen(e.target)}
      />
      <input
        ref={camera}
        type="file"
        accept={PHOTO_ACCEPT}
        capture="environment"
        hidden
        aria-label="Foto maken met de camera"
        onChange={(e) => chosen(e.target)}
      />
    </Box>
  );
}
