import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TEXT } from '@keurwijzer/shared/texts';
import { useDocumentTitle } from '../../components/layout/document-title';

/** The unauthorized screen (authentication layout). */
export default function Unauthorized() {
  useDocumentTitle('Geen toegang');
  return (
    <Stack spacing={2}>
      <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
        Geen toegang
      </Typography>
      <Typography color="text.secondary">{TEXT.unauthorized}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Naar de startpagina
      </Button>
    </Stack>
  );
}
