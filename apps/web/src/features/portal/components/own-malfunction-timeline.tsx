import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MALFUNCTION_STATUS_LABELS, type OwnMalfunctionEvent } from '@keurwijzer/shared/malfunctions';
import { PhotoGallery } from '../../../components/photo/photo-gallery';
import { formatDateTime } from '../../../lib/format';

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
    <Box component="ol" aria-label="Tijdlijn" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {events.map((e, i) => (
        <Box
          component="li"
          key={e.id}
          data-kind={e.kind}
          sx={{
            position: 'relative',
            pl: 3,
            pb: i === events.length - 1 ? 0 : 2,
            '&::before': {
              content: '""',
              position: 'absolute',
              left: 4,
              top: 6,
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: e.kind === 'status' ? 'secondary.main' : e.kind === 'comment' ? 'primary.main' : 'text.disabled',
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
          <Quote label="Reden" text={e.reason} />
          <Quote text={e.customer_note} />
          <Quote text={e.comment} />
          {e.photos.length > 0 && (
            <Box sx={{ mt: 1, maxWidth: 320 }}>
              <PhotoGallery images={e.photos} kind="Foto bij reactie" thumbWidth={96} />
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
