import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { INSPECTION_TYPE_LABELS, type InspectionType } from '@keurwijzer/shared/questionnaires';
import type { LatestReports } from '@keurwijzer/shared/reports';
import { formatDate } from '../../../lib/format';
import { ReportPdfButton } from '../../../components/report/report-pdf-button';
import { portalPaths } from '../../../lib/api/portal';

/** The order of the spec: safety, inspection, maintenance, inspection/maintenance. */
export const PORTAL_TYPES: InspectionType[] = ['safety', 'inspection', 'maintenance', 'inspection_maintenance'];

/** The customer's path of a report of its machine. */
export const ownReportPath = (machineId: number, reportId: number) => `/machines/${machineId}/reports/${reportId}`;

/**
 * "Laatste rapporten" of the machine screen: per inspection type that applies to the machine (the
 * server lists only those) the latest submitted report (date, mechanic, PDF) or "Nog geen".
 */
export function OwnLatestReports({ machineId, latest }: { machineId: number; latest: LatestReports }) {
  const types = PORTAL_TYPES.filter((type) => type in latest);
  if (types.length === 0) return <Typography color="text.secondary">Nog geen rapporten</Typography>;
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {types.map((type) => {
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
            <Typography component="dt" sx={{ fontWeight: 500, width: { xs: '100%', sm: 170 }, pt: { xs: 1, sm: 0 } }}>
              {INSPECTION_TYPE_LABELS[type]}
            </Typography>
            <Box component="dd" sx={{ m: 0, flex: 1, display: 'flex', alignItems: 'center', gap: 1, minHeight: 40 }}>
              <Typography color="text.secondary" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {report ? (
                  <>
                    <Link
                      component={RouterLink}
                      to={ownReportPath(machineId, report.id)}
                      aria-label={`Rapport ${INSPECTION_TYPE_LABELS[type]} van ${formatDate(report.submitted_at)}`}
                    >
                      {formatDate(report.submitted_at)}
                    </Link>
                    {report.filled_in_by_name ? ` · ${report.filled_in_by_name}` : ''}
                  </>
                ) : (
                  'Nog geen'
                )}
              </Typography>
              {report && <ReportPdfButton reportId={report.id} path={portalPaths.pdf(machineId, report.id)} icon />}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
