import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { INSPECTION_TYPE_LABELS, type InspectionType } from '@keurwijzer/shared/questionnaires';
import { formatDate } from '../../../lib/format';
import { useLatestReports } from '../../../lib/api/reports';
import { ReportPdfButton } from '../../../components/report/report-pdf-button';

/** The order of the spec: safety, inspection, maintenance, inspection/maintenance. */
const TYPES: InspectionType[] = ['safety', 'inspection', 'maintenance', 'inspection_maintenance'];

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
        ) : !TYPES.some((type) => type in latest) ? (
          <Typography color="text.secondary">Nog geen rapporten</Typography>
        ) : (
          <Box component="dl" sx={{ m: 0 }}>
            {TYPES.filter((type) => type in latest).map((type) => {
              const report = latest[type];
              return (
                <Box
                  key={type}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    flexWrap: 'wrap',
                    columnGap: 1,
                    minHeight: 48,
                    borderTop: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Typography
                    component="dt"
                    sx={{ fontWeight: 500, width: { xs: '100%', sm: 200 }, pt: { xs: 1, sm: 0 } }}
                  >
                    {INSPECTION_TYPE_LABELS[type]}
                  </Typography>
                  <Box
                    component="dd"
                    sx={{ m: 0, flex: 1, display: 'flex', alignItems: 'center', gap: 1, minHeight: 40 }}
                  >
                    <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
                      {report ? (
                        <>
                          <Link component={RouterLink} to={`/admin/reports/${report.id}`}>
                            {formatDate(report.submitted_at)}
                          </Link>
                          {report.filled_in_by_name ? ` · ${report.filled_in_by_name}` : ''}
                        </>
                      ) : (
                        'Nog geen'
                      )}
                    </Typography>
                    {report && <ReportPdfButton reportId={report.id} icon />}
                  </Box>
                </Box>
              );
            })}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
