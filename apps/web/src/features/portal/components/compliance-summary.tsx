import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { COMPLIANCE_TEXT } from '@keurwijzer/shared/compliance';
import { OVERVIEW_TEXT as T, type OwnSummary } from '@keurwijzer/shared/overview';
import { errorMessage } from '../../../lib/api-client';
import { formatDay } from '../../../lib/format';
import { useOwnSummary } from '../../../lib/api/overview';
import { DueStateChip } from '../../../components/judgement/due-state-chip';
import { summaryHref } from './summary-links';

const percent = (n: number, of: number) => (of === 0 ? 100 : Math.round((n / of) * 100));

/** A number of the summary as a link to the list of what it counts. */
function CountLink({ to, children }: { to: string; children: string }) {
  return (
    <Link component={RouterLink} to={to}>
      {children}
    </Link>
  );
}

/**
 * Per location: "x van y machines in orde" and that share as a bar, then each number as a link to
 * "Mijn machines" filtered to what it counts (they add up to y: in orde, verlopen, afgekeurd and
 * without a due state).
 */
function Locations({ data }: { data: OwnSummary }) {
  return (
    <Box component="ul" aria-label="Per vestiging" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {data.locations.map((l) => {
        const share = percent(l.in_order, l.machines);
        const labelId = `summary-location-${l.location_id}`;
        const links = [
          { count: 'machines', text: T.machines(l.machines) },
          { count: 'in_order', text: `${l.in_order} in orde` },
          { count: 'overdue', text: `${l.overdue} verlopen` },
          { count: 'rejected', text: `${l.rejected} afgekeurd` },
          { count: 'no_interval', text: T.noInterval(l.no_interval) },
        ] as const;
        return (
          <Box component="li" key={l.location_id}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography id={labelId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {l.location_name}
              </Typography>
              <Typography variant="body2">{T.inOrder(l.in_order, l.machines)}</Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={share}
              color={share === 100 ? 'success' : share >= 80 ? 'warning' : 'error'}
              aria-labelledby={labelId}
              aria-valuetext={`${share}% in orde: ${T.inOrder(l.in_order, l.machines)}`}
              sx={{ height: 8, borderRadius: 1, my: 0.5 }}
            />
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}
            >
              {links
                .filter((k) => k.count === 'machines' || l[k.count] > 0)
                .map((k) => (
                  <CountLink key={k.count} to={summaryHref(k.count, l.location_id)}>
                    {k.text}
                  </CountLink>
                ))}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

function Attention({ data }: { data: OwnSummary }) {
  if (data.attention_total === 0) return <Typography>{T.allInOrder}</Typography>;
  const more = data.attention_total - data.attention.length;
  // The customer's totals: what "Mijn machines" lists with that state and no location.
  const overdue = data.locations.reduce((n, l) => n + l.overdue, 0);
  const rejected = data.locations.reduce((n, l) => n + l.rejected, 0);
  return (
    <>
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        {T.attention}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data.attention.map((m) => (
          <Box
            component="li"
            key={m.machine_id}
            sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 0.75, borderTop: 1, borderColor: 'divider' }}
          >
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Link component={RouterLink} to={`/machines/${m.machine_id}`} sx={{ overflowWrap: 'anywhere' }}>
                {m.machine_name} ({m.inventory_number})
              </Link>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {m.location_name}
                {m.state === 'overdue' && m.due_date && ` · ${COMPLIANCE_TEXT.nextDue(formatDay(m.due_date))}`}
              </Typography>
            </Box>
            <DueStateChip state={m.state} />
          </Box>
        ))}
      </Box>
      {more > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {T.moreAttention(more)}
        </Typography>
      )}
      <Typography variant="body2" sx={{ mt: 0.5, display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
        {overdue > 0 && <CountLink to={summaryHref('overdue')}>{T.allOverdue(overdue)}</CountLink>}
        {rejected > 0 && <CountLink to={summaryHref('rejected')}>{T.allRejected(rejected)}</CountLink>}
      </Typography>
    </>
  );
}

/**
 * On top of "Mijn machines": per location the share of machines in order (not overdue, not
 * afgekeurd), its numbers and the overdue and afgekeurd machines as links, and the open
 * malfunctions. Every number counts the machines "Mijn machines" lists with its link's filters.
 */
export function ComplianceSummary() {
  const { data, isPending, error } = useOwnSummary();
  return (
    <Paper component="section" aria-labelledby="compliance-summary-title" variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography id="compliance-summary-title" variant="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        {T.summaryTitle}
      </Typography>
      {isPending ? (
        <Box role="status" aria-label="Laden...">
          <Skeleton height={28} />
          <Skeleton height={28} width="60%" />
        </Box>
      ) : error || !data ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : (
        <>
          {data.locations.length === 0 ? (
            <Typography color="text.secondary">{T.summaryEmpty}</Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <Box>
                <Locations data={data} />
              </Box>
              <Box>
                <Attention data={data} />
              </Box>
            </Box>
          )}
          <Typography sx={{ mt: 1.5 }}>
            <Link component={RouterLink} to="/malfunctions">
              {data.open_malfunctions === 1 ? '1 open storing' : `${data.open_malfunctions} open storingen`}
            </Link>
          </Typography>
        </>
      )}
    </Paper>
  );
}
