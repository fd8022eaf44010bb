import { useId, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import NextIcon from '@mui/icons-material/ChevronRight';
import PrevIcon from '@mui/icons-material/ChevronLeft';

/** The small remove button in a photo's top right corner (the gallery's and the picker's). */
export const CORNER_BUTTON_SX = {
  position: 'absolute',
  top: 4,
  right: 4,
  bgcolor: 'background.paper',
  '&:hover': { bgcolor: 'background.paper' },
} as const;

export type GalleryImage = { id: number; url: string; thumb_url: string; width: number; height: number };

/**
 * The one photo grid with its lightbox (machine images, malfunction photos in the portal and the
 * office): thumbnails that open the photo large in a dialog; arrow keys (and the buttons) go to
 * the previous and next one, Escape closes it and the focus returns to the thumbnail. With
 * `onRemove`, each thumbnail has a delete button (the screen confirms first).
 */
export function PhotoGallery({
  images,
  name,
  kind = 'Afbeelding',
  thumbWidth = 96,
  onRemove,
}: {
  images: GalleryImage[];
  /** Whose photos: "Afbeelding 1 van 2 van <name>"; without it "Foto 1 van 2" (the dialog) and "Foto 1". */
  name?: string;
  kind?: string;
  thumbWidth?: number;
  onRemove?: (image: GalleryImage, index: number) => void;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const titleId = useId();
  const count = images.length;
  const go = (step: number) => setOpen((i) => (i === null ? i : (i + step + count) % count));
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(1);
    else if (e.key === 'ArrowLeft') go(-1);
    else return;
    e.preventDefault();
  };
  const shown = open === null ? undefined : images[open];
  const title = (i: number) => (name ? `${kind} ${i + 1} van ${count} van ${name}` : `${kind} ${i + 1} van ${count}`);
  const short = (i: number) => (name ? title(i) : `${kind} ${i + 1}`);

  return (
    <>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gridTemplateColumns: `repeat(auto-fill, minmax(${thumbWidth}px, 1fr))`,
          gap: 1,
        }}
      >
        {images.map((img, i) => (
          <Box component="li" key={img.id} sx={{ position: 'relative' }}>
            <ButtonBase
              onClick={() => setOpen(i)}
              aria-label={`${short(i)} vergroten`}
              sx={{ display: 'block', width: '100%', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
            >
              <Box
                component="img"
                src={img.thumb_url}
                alt=""
                loading="lazy"
                sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block' }}
              />
            </ButtonBase>
            {onRemove && (
              <IconButton
                aria-label={`${short(i)} verwijderen`}
                size="small"
                onClick={() => onRemove(img, i)}
                sx={CORNER_BUTTON_SX}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        ))}
      </Box>
      <Dialog open={!!shown} onClose={() => setOpen(null)} maxWidth="lg" onKeyDown={onKey} aria-labelledby={titleId}>
        {shown && open !== null && (
          <>
            <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
              <Typography component="span" variant="h6" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
                {title(open)}
              </Typography>
              {count > 1 && (
                <>
                  <IconButton aria-label="Vorige afbeelding" onClick={() => go(-1)}>
                    <PrevIcon />
                  </IconButton>
                  <IconButton aria-label="Volgende afbeelding" onClick={() => go(1)}>
                    <NextIcon />
                  </IconButton>
                </>
              )}
              <IconButton aria-label="Sluiten" onClick={() => setOpen(null)}>
                <CloseIcon />
              </IconButton>
            </DialogTitle>
            <DialogContent sx={{ display: 'grid', placeItems: 'center' }}>
              <Box
                component="img"
                src={shown.url}
                alt={short(open)}
                width={shown.width}
                height={shown.height}
                // As large as the dialog allows, also a small photo; never taller than the screen.
                sx={{
                  width: '100%',
                  height: 'auto',
                  maxHeight: 'calc(100vh - 180px)',
                  aspectRatio: `${shown.width} / ${shown.height}`,
                  objectFit: 'contain',
                  display: 'block',
                }}
              />
            </DialogContent>
          </>
        )}
      </Dialog>
    </>
  );
}
