import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { MalfunctionPhoto } from '@keurwijzer/shared/malfunctions';

/** The photos of a malfunction as thumbnails; a click shows one large in a dialog. */
export function MalfunctionPhotos({ photos }: { photos: MalfunctionPhoto[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const shown = open === null ? undefined : photos[open];
  if (photos.length === 0) return <Typography color="text.secondary">Geen foto&apos;s.</Typography>;
  return (
    <>
      <Box
        component="ul"
        aria-label="Foto's"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 160px))',
          gap: 1.5,
        }}
      >
        {photos.map((p, i) => (
          <li key={p.id}>
            <ButtonBase
              onClick={() => setOpen(i)}
              aria-label={`Foto ${i + 1} vergroten`}
              sx={{ display: 'block', width: '100%', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
            >
              <Box
                component="img"
                src={p.thumb_url}
                alt=""
                loading="lazy"
                sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block' }}
              />
            </ButtonBase>
          </li>
        ))}
      </Box>
      <Dialog open={!!shown} onClose={() => setOpen(null)} maxWidth="lg" aria-labelledby="photo-title">
        {shown && (
          <>
            <DialogTitle id="photo-title" sx={{ pr: 7 }}>
              Foto {open! + 1} van {photos.length}
            </DialogTitle>
            <IconButton
              aria-label="Sluiten"
              onClick={() => setOpen(null)}
              sx={{ position: 'absolute', right: 8, top: 8 }}
            >
              <CloseIcon />
            </IconButton>
            <DialogContent>
              <Box
                component="img"
                src={shown.url}
                alt={`Foto ${open! + 1}`}
                width={shown.width}
                height={shown.height}
                sx={{
                  display: 'block',
                  maxWidth: '100%',
                  height: 'auto',
                  maxHeight: '75vh',
                  objectFit: 'contain',
                  mx: 'auto',
                }}
              />
            </DialogContent>
          </>
        )}
      </Dialog>
    </>
  );
}
