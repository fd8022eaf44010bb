import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { INSPECTION_TYPE_LABELS, type InspectionType } from '@keurwijzer/shared/questionnaires';
import type { LatestReports } from '@keurwijzer/shared/reports';
import { formatDate } from '../../lib/format';
import { ReportPdfButton } from './report-pdf-button';

/** The order of the spec: safety, inspection, maintenance, inspection/maintenance. */
export const INSPECTION_TYPE_ORDER: InspectionType[] = [
  'safety',
  'inspection',
  'maintenance',
  'inspection_maintenance',
];

type LatestReport = NonNullable<LatestReports[InspectionType]>;

export interface LatestReportsListProps {
  latest: LatestReports;
  /** Where a report's date links to. */
  reportPath: (reportId: number) => string;
  /** Another URL of the PDF (the portal's); the office's by default. */
  pdfPath?: (reportId: number) => string;
  /** The link's accessible name; its text (the date) by default. */
  linkLabel?: (type: InspectionType, report: LatestReport) => string;
  termWidth: number;
  textSx?: SxProps<Theme>;
}

/**
 * The rows of "Laatste rapporten": per inspection type the server lists (those that apply to the
 * machine) the latest submitted report (date, mechanic, PDF) or "Nog geen"; "Nog geen rapporten"
 * when no type applies.
 */
export function LatestReportsList({
  latest,
  reportPath,
  pdfPath,
  linkLabel,
  termWidth,
  textSx,
}: LatestReportsListProps) {
  const types = INSPECTION_TYPE_ORDER.filter((type) => type in latest);
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
            <Typography
              component="dt"
              sx={{ fontWeight: 500, width: { xs: '100%', sm: termWidth }, pt: { xs: 1, sm: 0 } }}
            >
              {INSPECTION_TYPE_LABELS[type]}
            </Typography>
            <Box component="dd" sx={{ m: 0, flex: 1, display: 'flex', alignItems: 'center', gap: 1, minHeight: 40 }}>
              <Typography color="text.secondary" sx={[{ flexGrow: 1 }, ...(Array.isArray(textSx) ? textSx : [textSx])]}>
                {report ? (
                  <>
                    <Link component={RouterLink} to={reportPath(report.id)} aria-label={linkLabel?.(type, report)}>
                      {formatDate(report.submitted_at)}
                    </Link>
                    {report.filled_in_by_name ? ` · ${report.filled_in_by_name}` : ''}
                  </>
                ) : (
                  'Nog geen'
                )}
              </Typography>
              {report && <ReportPdfButton reportId={report.id} path={pdfPath?.(report.id)} icon />}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
