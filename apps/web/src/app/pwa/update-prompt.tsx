import { useSyncExternalStore } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { ThemeProvider } from '@mui/material/styles';
import { appTheme } from '../theme';
import type { UpdateFlow } from './update-flow';

export const UPDATE_TEXT = {
  available: 'Er is een nieuwe versie beschikbaar',
  update: 'Nu bijwerken',
  later: 'Later',
} as const;

/** "Er is een nieuwe versie beschikbaar" with "Nu bijwerken" and "Later"; it never closes by itself. */
function UpdatePrompt({ flow }: { flow: UpdateFlow }) {
  const state = useSyncExternalStore(flow.subscribe, flow.state);
  return (
    <Snackbar
      open={state !== 'idle'}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={UPDATE_TEXT.available}
      // No autoHideDuration and no click-away: the user chooses.
      action={
        <>
          <Button color="inherit" size="small" onClick={flow.dismiss} disabled={state === 'updating'}>
            {UPDATE_TEXT.later}
          </Button>
          <Button
            color="primary"
            variant="contained"
            size="small"
            onClick={flow.accept}
            disabled={state === 'updating'}
            sx={{ ml: 1 }}
          >
            {UPDATE_TEXT.update}
          </Button>
        </>
      }
    />
  );
}

let root: Root | null = null;

/** Renders the prompt in a root of its own (once); it follows the flow's state from then on. */
export function showUpdatePrompt(flow: UpdateFlow) {
  if (root) return;
  const element = document.createElement('div');
  element.id = 'kw-update-prompt';
  document.body.appendChild(element);
  root = createRoot(element);
  root.render(
    <ThemeProvider theme={appTheme()} defaultMode="light" noSsr>
      <UpdatePrompt flow={flow} />
    </ThemeProvider>,
  );
}
