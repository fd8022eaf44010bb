import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { Malfunction } from '@keurwijzer/shared/malfunctions';
import { formatDateTime } from '../../../lib/format';
import { reporterOf } from '../../labels/lib/reporter';
import { RespondBy, UrgentChip } from '../../../components/malfunction/malfunction-markers';
import { MalfunctionStatusChip } from '../../../components/malfunction/malfunction-status';

/**
 * A malfunction on a phone: the whole card opens it (a target a thumb can hit); "Spoed" under the
 * status, the response deadline (and "Reactie te laat") at the end.
 */
export function MalfunctionCard({ malfunction: m, to }: { malfunction: Malfunction; to: string }) {
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={to} sx={{ p: 2, minHeight: 48 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {m.machine_name}{' '}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                ({m.inventory_number})
              </Typography>
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {m.customer_name} · {m.location_name}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, flexShrink: 0 }}>
            <MalfunctionStatusChip status={m.status} />
            <UrgentChip malfunction={m} />
          </Box>
        </Box>
        <Typography
          variant="body2"
          sx={{
            mt: 1,
            overflowWrap: 'anywhere',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {m.description}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {formatDateTime(m.reported_at)}
          {reporterOf(m) && ` · ${reporterOf(m)}`}
          {m.handled_by_name && ` · behandeld door ${m.handled_by_name}`}
        </Typography>
        <Box sx={{ mt: 0.5 }}>
          <RespondBy malfunction={m} />
        </Box>
      </CardActionArea>
    </Card>
  );
}
