import Typography from '@mui/material/Typography';
import type { MalfunctionPhoto } from '@keurwijzer/shared/malfunctions';
import { PhotoGallery } from '../photo/photo-gallery';

/** The photos of a malfunction as thumbnails; a click shows one large (the one photo grid). */
export function MalfunctionPhotos({ photos }: { photos: MalfunctionPhoto[] }) {
  if (photos.length === 0) return <Typography color="text.secondary">Geen foto&apos;s.</Typography>;
  return <PhotoGallery images={photos} kind="Foto" thumbWidth={120} />;
}
