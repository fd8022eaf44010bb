import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MALFUNCTION_TEXT, type OwnMalfunction } from '@keurwijzer/shared/malfunctions';
import { StatusChip } from '../../../components/display/status-chip';
import { formatDateTime } from '../../../lib/format';

/** "Open storing": a machine with a malfunction that is Open or In behandeling. */
export function OpenMalfunctionChip({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <StatusChip
      tone="warning"
      label={
        count > 1 ? `${MALFUNCTION_TEXT.machineOpenMalfunction} (${count})` : MALFUNCTION_TEXT.machineOpenMalfunction
      }
      sx={{ fontWeight: 500 }}
    />
  );
}

/** When it was reported, and when it was resolved or last changed. */
export function malfunctionDates(m: Pick<OwnMalfunction, 'reported_at' | 'updated_at' | 'resolved_at'>): string {
  const reported = `Gemeld ${formatDateTime(m.reported_at)}`;
  if (m.resolved_at) return `${reported} · opgelost ${formatDateTime(m.resolved_at)}`;
  if (m.updated_at !== m.reported_at) return `${reported} · bijgewerkt ${formatDateTime(m.updated_at)}`;
  return reported;
}

/** The office's note for the customer, when there is one. */
export function CustomerNote({ note }: { note: string | null }) {
  if (!note) return null;
  return (
    <Box sx={{ mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'divider' }}>
      <Typography variant="body2" color="text.secondary">
        Toelichting
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {note}
      </Typography>
    </Box>
  );
}
