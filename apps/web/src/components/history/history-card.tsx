import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Timeline, type TimelineEntry } from '../display/timeline';
import { useHistory } from '../../lib/api/audit';
import { auditActorText } from '@keurwijzer/shared/audit';
import { auditTitle, changeLines } from './audit-text';

/**
 * "Geschiedenis": who changed what and when on one record (a machine with its reports and
 * malfunctions, or a report), newest first, ten at a time. Read from the audit trail, which the
 * database writes with every change.
 */
export function HistoryCard({ family, path, id }: { family: 'machines' | 'reports'; path: string; id: string }) {
  const history = useHistory(family, path);
  const events = history.data?.pages.flatMap((p) => p.data) ?? [];
  const total = history.data?.pages[0]?.meta.total ?? 0;
  const entries: TimelineEntry[] = events.map((e) => ({
    id: e.id,
    title: auditTitle(e),
    at: e.at,
    by: auditActorText(e),
    dot: e.action === 'update' ? 'text.disabled' : 'secondary.main',
    details:
      e.changes.length > 0 ? (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, overflowWrap: 'anywhere' }}>
          {changeLines(e).map((line, i) => (
            <Typography component="li" variant="body2" key={i}>
              {line}
            </Typography>
          ))}
        </Box>
      ) : undefined,
  }));
  return (
    <Card variant="outlined" sx={{ maxWidth: 760, mt: 3 }} component="section" aria-labelledby={id}>
      <CardContent>
        <Typography variant="h2" id={id} sx={{ mb: 1 }}>
          Geschiedenis
        </Typography>
        {history.isPending ? (
          <Skeleton variant="text" width="60%" aria-label="Laden..." />
        ) : history.error ? (
          <Typography color="error">De geschiedenis kon niet worden geladen.</Typography>
        ) : entries.length === 0 ? (
          <Typography color="text.secondary">Nog geen wijzigingen vastgelegd.</Typography>
        ) : (
          <>
            <Timeline entries={entries} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {events.length} van {total} wijzigingen
            </Typography>
            {history.hasNextPage && (
              <Button sx={{ mt: 1 }} onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
                {history.isFetchingNextPage ? 'Laden...' : 'Meer tonen'}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
