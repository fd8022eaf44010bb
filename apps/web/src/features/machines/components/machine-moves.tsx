import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/format';
import { useMachineMoves } from '../../../lib/api/machines';

/** The machine's history of moves: from where to where, by whom and when (newest first). */
export function MachineMoves({ customerId, machineId }: { customerId: number; machineId: number }) {
  const { data: moves, isPending, error } = useMachineMoves(customerId, machineId);
  return (
    <Card variant="outlined" sx={{ maxWidth: 760, mt: 3 }} component="section" aria-labelledby="machine-moves">
      <CardContent>
        <Typography variant="h2" id="machine-moves" sx={{ mb: 1 }}>
          Verplaatsingen
        </Typography>
        {isPending ? (
          <Skeleton variant="text" width="60%" aria-label="Laden..." />
        ) : error ? (
          <Typography color="error">De verplaatsingen konden niet worden geladen.</Typography>
        ) : moves.length === 0 ? (
          <Typography color="text.secondary">Deze machine is nog niet verplaatst.</Typography>
        ) : (
          <List dense disablePadding>
            {/* The API answers oldest first; the newest move is the one people look for. */}
            {[...moves].reverse().map((m) => (
              <ListItem key={m.id} disableGutters divider>
                <ListItemText
                  primary={`${m.from} → ${m.to}`}
                  secondary={`${formatDateTime(m.moved_at)}${m.moved_by ? ` door ${m.moved_by}` : ''}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
