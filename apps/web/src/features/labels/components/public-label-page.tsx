import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { LABEL_TEXT, type PublicLabel } from '@keurwijzer/shared/labels';
import { useDocumentTitle } from '../../../components/layout/document-title';
import { LabelShell } from './label-shell';
import { LabelStateChip } from './label-state-chip';
import { PublicMalfunctionForm } from './public-malfunction-form';

/** The machine as anyone sees it: name, inventory number and inspection state, nothing more. */
export function LabelMachine({ label }: { label: PublicLabel }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
        {label.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        Inventarisnummer{' '}
        <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
          {label.inventory_number}
        </Box>
      </Typography>
      <Box sx={{ mt: 2 }}>
        <LabelStateChip state={label.state} />
      </Box>
    </Box>
  );
}

/**
 * The page a QR label opens without a session: the machine (LabelMachine) and the "Storing
 * melden" form. No navigation of the app, no report details (packages/shared/src/labels.ts).
 */
export function PublicLabelPage({ token, label }: { token: string; label: PublicLabel }) {
  useDocumentTitle(label.name);
  return (
    <LabelShell company={label.company_name}>
      <LabelMachine label={label} />
      <Card variant="outlined" component="section" aria-labelledby="public-malfunction-title">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" id="public-malfunction-title" sx={{ mb: 0.5 }}>
            {LABEL_TEXT.reportTitle}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Werkt deze machine niet goed? Meld het hier; de keuringsdienst neemt contact met je op.
          </Typography>
          <PublicMalfunctionForm token={token} />
        </CardContent>
      </Card>
    </LabelShell>
  );
}
