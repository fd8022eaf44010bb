import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SIGNATURE_ROLE_LABELS, SIGNATURE_TEXT, type ReportDetail } from '@keurwijzer/shared/reports';
import { formatDateTime } from '../../../lib/format';

/**
 * The signatures of a submitted report: the mechanic's, and the customer contact's
 * when given, each with its image, name and when; "Niet ondertekend" without the mechanic's (a
 * report submitted through the API). The images come from the reader's own routes (staff or the
 * portal: the read model's `url`).
 */
export function ReportSignatures({ report }: { report: ReportDetail }) {
  if (report.status !== 'submitted') return null;
  const mechanic = report.signatures.find((s) => s.role === 'mechanic');
  const customer = report.signatures.find((s) => s.role === 'customer');
  return (
    <Paper variant="outlined" component="section" aria-labelledby="report-signatures" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id="report-signatures" sx={{ mb: 2 }}>
        Ondertekening
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
        data-testid="report-signatures"
      >
        {[
          { role: 'mechanic' as const, signature: mechanic },
          ...(customer ? [{ role: 'customer' as const, signature: customer }] : []),
        ].map(({ role, signature }) => (
          <Box key={role} sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary" component="h3" sx={{ mb: 1 }}>
              {SIGNATURE_ROLE_LABELS[role]}
            </Typography>
            {signature ? (
              <>
                <Box
                  component="img"
                  src={signature.url}
                  alt={`${SIGNATURE_ROLE_LABELS[role]}: ${signature.signer_name}`}
                  sx={{
                    display: 'block',
                    width: '100%',
                    maxWidth: 360,
                    height: 120,
                    objectFit: 'contain',
                    bgcolor: '#ffffff',
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                  }}
                />
                <Typography sx={{ fontWeight: 600, mt: 1, overflowWrap: 'anywhere' }}>
                  {signature.signer_name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(signature.signed_at)}
                </Typography>
              </>
            ) : (
              <Typography sx={{ fontStyle: 'italic' }}>{SIGNATURE_TEXT.notSigned}</Typography>
            )}
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
