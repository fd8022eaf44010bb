import Typography from '@mui/material/Typography';
import {
  MALFUNCTION_STATUS_LABELS,
  type MalfunctionEvent,
  type MalfunctionStatus,
} from '@keurwijzer/shared/malfunctions';
import { MalfunctionEventTimeline } from '../../../components/malfunction/event-timeline';

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
    <MalfunctionEventTimeline
      events={events}
      title={what}
      texts={(e) => (
        <>
          <Detail label="Reden" text={e.reason} />
          <Detail label="Interne notitie" text={e.internal_note} />
          <Detail label="Notitie voor de klant" text={e.customer_note} />
          <Detail label="Reactie" text={e.comment} />
        </>
      )}
    />
  );
}
