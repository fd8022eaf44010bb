import { isRouteErrorResponse, useRouteError } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useFirstPaintHandOff } from './startup/first-paint';

/**
 * Last resort for a screen that failed to render or load (e.g. a chunk of an older deployment
 * that is gone): a Dutch message and a reload instead of a white page.
 */
export function RootBoundary() {
  useFirstPaintHandOff();
  const error = useRouteError();
  const chunkGone =
    error instanceof TypeError && /dynamically imported module|Importing a module script/i.test(error.message);
  const text = chunkGone
    ? 'Er is een nieuwe versie beschikbaar. Laad de pagina opnieuw.'
    : isRouteErrorResponse(error) && error.status === 404
      ? 'Deze pagina bestaat niet.'
      : 'Er is iets misgegaan bij het tonen van deze pagina.';
  return (
    <Box sx={{ p: 4, maxWidth: 560, mx: 'auto' }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => window.location.reload()}>
            Opnieuw laden
          </Button>
        }
      >
        {text}
      </Alert>
    </Box>
  );
}
