import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MALFUNCTION_STATUS_LABELS, type OwnMalfunctionEvent } from '@keurwijzer/shared/malfunctions';
import { MalfunctionEventTimeline } from '../../../components/malfunction/event-timeline';

/** What happened, in the customer's words. */
function what(e: OwnMalfunctionEvent): string {
  switch (e.kind) {
    case 'reported':
      return 'Storing gemeld';
    case 'status':
      if (e.to_status === 'withdrawn') return 'Storing ingetrokken';
      if (e.to_status === 'open' && e.from_status === 'resolved') return 'Storing heropend';
      return e.to_status ? `Status: ${MALFUNCTION_STATUS_LABELS[e.to_status]}` : 'Status gewijzigd';
    case 'note':
      return e.customer_note ? 'Toelichting' : 'Toelichting verwijderd';
    case 'comment':
      return 'Reactie';
    case 'planned':
      return 'Ingepland';
    case 'assigned':
      // Never on the customer's timeline (the server leaves assignments out).
      return 'Bijgewerkt';
  }
}

/** A text under its line (a reason, the note, a comment), as typed. */
function Quote({ label, text }: { label?: string; text: string | null }) {
  if (!text) return null;
  return (
    <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
      {label && (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {label}:{' '}
        </Box>
      )}
      {text}
    </Typography>
  );
}

/**
 * The customer's timeline of a malfunction, oldest first: reported, status changes with their
 * reason, the office's notes for the customer, comments with their photos, "Ingepland".
 */
export function OwnMalfunctionTimeline({ events }: { events: OwnMalfunctionEvent[] }) {
  return (
    <MalfunctionEventTimeline
      events={events}
      title={what}
      commentDot="primary.main"
      photosMaxWidth={320}
      texts={(e) => (
        <>
          <Quote label="Reden" text={e.reason} />
          <Quote text={e.customer_note} />
          <Quote text={e.comment} />
        </>
      )}
    />
  );
}
