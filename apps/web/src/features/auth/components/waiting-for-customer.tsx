import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { REGISTRATION_TEXT } from '@keurwijzer/shared/registration';
import { useDocumentTitle } from '../../../components/layout/document-title';

/**
 * What a self-registered customer user sees on every screen until an admin links the account to
 * its customer (the guard shows it instead of the route; the server refuses it any customer data).
 */
export function WaitingForCustomer() {
  useDocumentTitle('Account aangemaakt');
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h1" sx={{ fontSize: '1.5rem', mb: 2 }}>
        Welkom bij Keurwijzer
      </Typography>
      <Alert severity="info" role="status">
        {REGISTRATION_TEXT.waiting}
      </Alert>
    </Box>
  );
}
