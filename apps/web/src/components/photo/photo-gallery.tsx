import { useId, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import NextIcon from '@mui/icons-material/ChevronRight';
import PrevIcon from '@mui/icons-material/ChevronLeft';

export type GalleryImage = { id: number; url: string; thumb_url: string; width: number; height: number };

/**
 * Thumbnails that open the image large in a dialog: arrow keys (and the buttons) go to the
 * previous and next image, Escape closes it and the focus returns to the thumbnail.
 */
export function ImageGallery({
  images,
  name,
  kind = 'Afbeelding',
  thumbWidth = 96,
}: {
  images: GalleryImage[];
  /** Whose images: "Afbeelding 1 van 2 van <name>". */
  name: string;
  kind?: string;
  thumbWidth?: number;
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
  const label = (i: number) => `${kind} ${i + 1} van ${count} van ${name}`;

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
          <Box component="li" key={img.id}>
            <ButtonBase
              onClick={() => setOpen(i)}
              aria-label={`${label(i)} vergroten`}
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
          </Box>
        ))}
      </Box>
      <Dialog open={!!shown} onClose={() => setOpen(null)} maxWidth="lg" onKeyDown={onKey} aria-labelledby={titleId}>
        {shown && open !== null && (
          <>
            <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
              <Typography component="span" variant="h6" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
                {label(open)}
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
                alt={label(open)}
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
