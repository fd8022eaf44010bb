import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useLatestReports } from '../../../lib/api/reports';
import { LatestReportsList } from '../../../components/report/latest-reports-list';

/**
 * "Laatste rapporten": the machine's latest submitted report of each inspection type that applies
 * to it (the server lists only those: a questionnaire or a report of the type), or "Nog geen".
 */
export function MachineLatestReports({ customerId, machineId }: { customerId: number; machineId: number }) {
  const { data: latest, isPending, error } = useLatestReports(customerId, machineId);
  const all = `/admin/customers/${customerId}/machines/${machineId}/reports`;
  return (
    <Card variant="outlined" sx={{ maxWidth: 760, mt: 3 }} component="section" aria-labelledby="machine-latest-reports">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="h2" id="machine-latest-reports" sx={{ flexGrow: 1 }}>
            Laatste rapporten
          </Typography>
          <Button component={RouterLink} to={all} size="small">
            Alle rapporten
          </Button>
        </Box>
        {isPending ? (
          <Skeleton variant="text" width="60%" aria-label="Laden..." />
        ) : error ? (
          <Typography color="error">De rapporten konden niet worden geladen.</Typography>
        ) : (
          <LatestReportsList latest={latest} termWidth={200} reportPath={(id) => `/admin/reports/${id}`} />
        )}
      </CardContent>
    </Card>
  );
}
