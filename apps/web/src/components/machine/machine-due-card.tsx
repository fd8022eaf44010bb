import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMachineDue } from '../../lib/api/intervals';
import { MachineDuePanel } from './machine-due';

/**
 * "Keuringsstatus" of the office's machine screens: per due type the last inspection and its
 * verdict, the interval (and where it comes from), "Volgende keuring vóór <date>" and the state.
 */
export function MachineDueCard({ customerId, machineId }: { customerId: number; machineId: number }) {
  const { data: due, isPending, error } = useMachineDue(customerId, machineId);
  return (
    <Card variant="outlined" sx={{ maxWidth: 760, mt: 3 }} component="section" aria-labelledby="machine-due">
      <CardContent>
        <Typography variant="h2" id="machine-due" sx={{ mb: 1 }}>
          Keuringsstatus
        </Typography>
        {isPending ? (
          <Skeleton variant="text" width="60%" aria-label="Laden..." />
        ) : error ? (
          <Typography color="error">De keuringsstatus kon niet worden geladen.</Typography>
        ) : (
          <MachineDuePanel due={due} reportPath={(id) => `/admin/reports/${id}`} showSource />
        )}
      </CardContent>
    </Card>
  );
}
