import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturingOutlined';
import { INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import { REPORT_TEXT, type ReportDetail } from '@keurwijzer/shared/reports';
import { placeOf } from './report-format';

/**
 * The top of the report screen: the machine (photo, name, inventory number, place), the type and
 * questionnaire, and "Deze machine staat niet op de aangegeven plaats." with the spec's hint;
 * `machinesTo` is the machine overview where it can be moved, for a user who may open it.
 */
export function ReportMachine({
  report,
  notAtLocation,
  onNotAtLocation,
  machinesTo,
  readOnly = false,
}: {
  report: ReportDetail;
  notAtLocation: boolean;
  onNotAtLocation: (value: boolean) => void;
  machinesTo?: string;
  readOnly?: boolean;
}) {
  const m = report.machine;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        {m.image_url ? (
          <Box
            component="img"
            src={m.image_url}
            alt={`Foto van ${m.name}`}
            sx={{ width: 88, height: 88, objectFit: 'cover', borderRadius: 1, flexShrink: 0, bgcolor: 'action.hover' }}
          />
        ) : (
          <Box
            aria-hidden
            sx={{
              width: 88,
              height: 88,
              borderRadius: 1,
              flexShrink: 0,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'action.hover',
              color: 'text.secondary',
            }}
          >
            <PrecisionManufacturingIcon fontSize="large" />
          </Box>
        )}
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {m.name}{' '}
            <Typography component="span" color="text.secondary">
              ({m.inventory_number})
            </Typography>
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {placeOf(m)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {INSPECTION_TYPE_LABELS[report.inspection_type]} · {report.questionnaire_name}
            {m.machine_type_name ? ` · ${m.machine_type_name}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {report.customer_name}
          </Typography>
        </Box>
      </Box>
      {!readOnly && (
        <FormControlLabel
          sx={{ mt: 1, minHeight: 48, alignItems: 'center' }}
          control={<Switch checked={notAtLocation} onChange={(e) => onNotAtLocation(e.target.checked)} />}
          label={REPORT_TEXT.notAtLocation}
        />
      )}
      {notAtLocation && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{REPORT_TEXT.notAtLocation}</Typography>
          {REPORT_TEXT.notAtLocationHint}
          {machinesTo && (
            <>
              {' '}
              <Link component={RouterLink} to={machinesTo} color="inherit">
                Naar het machineoverzicht
              </Link>
            </>
          )}
        </Alert>
      )}
    </Paper>
  );
}
