import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import BrokenImageIcon from '@mui/icons-material/BrokenImageOutlined';
import CameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { PhotoButtons } from './photo-buttons';
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
          {photos.map((p, i) => (
            <PhotoTile key={p.key} photo={p} index={i} kind={kind} onRemove={removable ? onRemove : undefined} />
          ))}
        </Box>
      )}
      <PhotoButtons
        onChoose={onChoose}
        camera={{ label: 'Foto maken', icon: <CameraIcon />, inputLabel: 'Foto maken met de camera' }}
        choose={{ label, icon: <AddPhotoIcon />, inputLabel }}
        multiple={multiple}
        disabled={disabled}
        full={full}
        onFull={onFull}
      />
    </Box>
  );
}

/** One chosen photo: its preview (or a broken-image tile), its name, what is wrong with it, and its remove button. */
function PhotoTile({
  photo: p,
  index: i,
  kind,
  onRemove,
}: {
  photo: PickedPhoto;
  index: number;
  kind: string;
  onRemove?: (key: string) => void;
}) {
  const messageId = `${p.key}-problem`;
  return (
    <Box component="li" sx={{ position: 'relative', minWidth: 0 }}>
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
      {onRemove && (
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
}
