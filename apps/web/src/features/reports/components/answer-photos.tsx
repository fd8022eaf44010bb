import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import CameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import GalleryIcon from '@mui/icons-material/PhotoLibraryOutlined';
import { MAX_PHOTOS_PER_QUESTION, PHOTO_TEXT, type ReportPhoto } from '@keurwijzer/shared/reports';
import { useConfirm } from '../../../components/feedback/confirm-dialog';
import { PhotoGallery, type GalleryImage } from '../../../components/photo/photo-gallery';
import { PhotoButtons } from '../../../components/photo/photo-buttons';
import { resizePhoto } from '../../../components/photo/photo-resize';

/** A photo as the screens show it: the server's, or (the report screen) one that waits for its upload. */
export type AnswerPhoto = ReportPhoto & { pending?: boolean };

/**
 * The server's thumbnail of a photo (`?thumb=1`); a photo that waits for its upload is an object
 * URL of its own blob, shown as it is.
 */
const thumbOf = (photo: AnswerPhoto) => (photo.url.startsWith('/api/') ? `${photo.url}?thumb=1` : photo.url);

/** The gallery's image of a photo; a waiting one has no size yet (shown 4:3 until it is sent). */
const galleryImage = (photo: AnswerPhoto, index: number): GalleryImage => ({
  id: index,
  url: photo.url,
  thumb_url: thumbOf(photo),
  width: photo.width || 4,
  height: photo.height || 3,
});

/**
 * The photos of one answer: thumbnails that open large in a dialog. With `onAdd` (the
 * report screen) also "Foto toevoegen" (the camera) and "Kies uit galerij", each photo made
 * smaller on the device first (components/photo/photo-resize.ts), and a remove button per photo, confirmed first;
 * at most MAX_PHOTOS_PER_QUESTION, then the buttons are disabled and say why. Without `onAdd`
 * (the office's and the customer's report views) the photos are read-only, and nothing shows
 * without photos.
 */
export function AnswerPhotos({
  question,
  onAdd,
  onRemove,
}: {
  question: { id: number; name: string; photos: AnswerPhoto[] };
  onAdd?: (questionId: number, blob: Blob) => unknown;
  onRemove?: (questionId: number, photoId: string) => unknown;
}) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const photos = question.photos;
  const full = photos.length >= MAX_PHOTOS_PER_QUESTION;

  if (!onAdd && photos.length === 0) return null;

  const onFiles = async (chosen: File[]) => {
    const files = chosen.slice(0, MAX_PHOTOS_PER_QUESTION - photos.length);
    if (!onAdd || files.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      for (const file of files) {
        try {
          onAdd(question.id, await resizePhoto(file));
        } catch {
          setError(PHOTO_TEXT.unreadable);
        }
      }
    } finally {
      setBusy(false);
    }
  };

  const remove = async (index: number) => {
    const photo = photos[index];
    if (!photo || !onRemove) return;
    const ok = await confirm({
      title: PHOTO_TEXT.remove,
      message: PHOTO_TEXT.removeConfirm,
      confirmLabel: 'Verwijderen',
      destructive: true,
    });
    if (ok) onRemove(question.id, photo.id);
  };

  return (
    <Box sx={{ mt: onAdd ? 1.5 : 1, gridColumn: '1 / -1' }} data-photos={photos.length}>
      {photos.length > 0 && (
        <Box sx={{ maxWidth: 4 * 88, mb: onAdd ? 1 : 0 }}>
          <PhotoGallery
            images={photos.map(galleryImage)}
            name={question.name}
            kind="Foto"
            thumbWidth={72}
            onRemove={onRemove ? (_, index) => void remove(index) : undefined}
          />
        </Box>
      )}
      {onAdd && (
        <>
          <PhotoButtons
            onChoose={(files) => void onFiles(files)}
            camera={{ label: PHOTO_TEXT.add, icon: busy ? <CircularProgress size={18} /> : <CameraIcon /> }}
            choose={{ label: PHOTO_TEXT.gallery, icon: <GalleryIcon /> }}
            cameraAlways
            chooseVariant="text"
            accept="image/*"
            disabled={full || busy}
            describedBy={full ? hintId : undefined}
            minHeight={48}
          >
            {full && (
              <Typography id={hintId} variant="body2" color="text.secondary">
                {PHOTO_TEXT.max}
              </Typography>
            )}
          </PhotoButtons>
          {error && (
            <Typography role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
              {error}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
