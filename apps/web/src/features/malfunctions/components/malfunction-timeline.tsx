import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  MALFUNCTION_STATUS_LABELS,
  type MalfunctionEvent,
  type MalfunctionStatus,
} from '@keurwijzer/shared/malfunctions';
import { PhotoGallery } from '../../../components/photo/photo-gallery';
import { formatDateTime } from '../../../lib/format';

const label = (s: MalfunctionStatus | null) => (s ? MALFUNCTION_STATUS_LABELS[s] : '-');

/** What happened, in one line. */
function what(e: MalfunctionEvent): string {
  switch (e.kind) {
    case 'reported':
      return 'Storing gemeld';
    case 'status':
      return `Status van ${label(e.from_status)} naar ${label(e.to_status)}`;
    case 'note':
      return 'Notitie gewijzigd';
    case 'comment':
      return 'Reactie van de klant';
    case 'assigned':
      return e.assigned_to_name ? `Toegewezen aan ${e.assigned_to_name}` : 'Toewijzing opgeheven';
    case 'planned':
      return 'Ingepland';
  }
}

/** A quoted text of an event (a reason, a note) under its line. */
function Detail({ label, text }: { label: string; text: string | null }) {
  if (text === null) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
      {label}: {text || '(gewist)'}
    </Typography>
  );
}

/** Every change of a malfunction, oldest first: who, when and what. */
export function MalfunctionTimeline({ events }: { events: MalfunctionEvent[] }) {
  return (
    <Box component="ol" aria-label="Tijdlijn" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {events.map((e, i) => (
        <Box
          component="li"
          key={e.id}
          sx={{
            position: 'relative',
            pl: 3,
            pb: i === events.length - 1 ? 0 : 2,
            // A dot per event on a line that joins them.
            '&::before': {
              content: '""',
              position: 'absolute',
              left: 4,
              top: 6,
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: e.kind === 'status' ? 'secondary.main' : 'text.disabled',
            },
            ...(i < events.length - 1 && {
              '&::after': {
                content: '""',
                position: 'absolute',
                left: 8,
                top: 18,
                bottom: 0,
                width: 2,
                bgcolor: 'divider',
              },
            }),
          }}
        >
          <Typography sx={{ fontWeight: 500 }}>{what(e)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(e.at)}
            {e.by_name && ` · ${e.by_name}`}
          </Typography>
          <Detail label="Reden" text={e.reason} />
          <Detail label="Interne notitie" text={e.internal_note} />
          <Detail label="Notitie voor de klant" text={e.customer_note} />
          <Detail label="Reactie" text={e.comment} />
          {e.photos.length > 0 && (
            <Box sx={{ mt: 1 }}>
              <PhotoGallery images={e.photos} kind="Foto bij reactie" thumbWidth={96} />
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
