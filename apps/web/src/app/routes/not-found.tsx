import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { TEXT } from '@keurwijzer/shared/texts';
import { useDocumentTitle } from '../../components/layout/document-title';

/** Any unknown path (spec section 2). */
export default function NotFound() {
  useDocumentTitle('Pagina niet gevonden');
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      <Box>
        <Typography variant="h1" sx={{ fontSize: '4rem', color: 'primary.main' }}>
          404
        </Typography>
        <Typography variant="h2" component="p" sx={{ mb: 1 }}>
          Pagina niet gevonden
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {TEXT.pageNotFound} Controleer het adres of ga terug naar het begin.
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          Naar de startpagina
        </Button>
      </Box>
    </Box>
  );
}
