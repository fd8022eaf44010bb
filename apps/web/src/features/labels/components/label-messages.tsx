import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import { LABEL_TEXT } from '@keurwijzer/shared/labels';
import { useDocumentTitle } from '../../../components/layout/document-title';
import { errorMessage } from '../../../lib/api-client';
import { LabelShell } from './label-shell';

/**
 * An unknown, revoked or foreign code: the same friendly answer for each (nothing tells whether a
 * machine exists). `home` offers a way into the app to a logged-in user.
 */
export function LabelNotFound({ home }: { home?: string }) {
  useDocumentTitle('Label niet gevonden');
  return (
    <LabelShell>
      <QrCodeIcon color="disabled" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
      <Typography variant="h1" sx={{ mb: 1 }}>
        Label niet gevonden
      </Typography>
      <Typography sx={{ mb: 1 }}>{LABEL_TEXT.invalidCode}</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Misschien is er een nieuw label op de machine geplakt. Scan dat label, of neem contact op met de keuringsdienst.
      </Typography>
      {home && (
        <Button component={RouterLink} to={home} variant="contained">
          Naar de startpagina
        </Button>
      )}
    </LabelShell>
  );
}

/** A label page that could not load (429, no connection): the Dutch message and a retry. */
export function LabelError({ error, retry }: { error: unknown; retry: () => void }) {
  useDocumentTitle('Label');
  return (
    <LabelShell>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            Opnieuw
          </Button>
        }
      >
        {errorMessage(error)}
      </Alert>
    </LabelShell>
  );
}
