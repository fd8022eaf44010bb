import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  MALFUNCTION_STATUS_LABELS,
  type MalfunctionEvent,
  type MalfunctionStatus,
} from '@keurwijzer/shared/malfunctions';
import { PhotoGallery } from '../../../components/photo/photo-gallery';
import { Timeline } from '../../../components/display/timeline';

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
    <Timeline
      entries={events.map((e) => ({
        id: e.id,
        title: what(e),
        at: e.at,
        by: e.by_name,
        dot: e.kind === 'status' ? 'secondary.main' : 'text.disabled',
        details: (
          <>
            <Detail label="Reden" text={e.reason} />
            <Detail label="Interne notitie" text={e.internal_note} />
            <Detail label="Notitie voor de klant" text={e.customer_note} />
            <Detail label="Reactie" text={e.comment} />
            {e.photos.length > 0 && (
              <Box sx={{ mt: 1 }}>
                <PhotoGallery images={e.photos} kind="Foto bij reactie" thumbWidth={96} />
              </Box>
            )}
          </>
        ),
      }))}
    />
  );
}
