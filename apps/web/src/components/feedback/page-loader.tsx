import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/**
 * How long a screen may take before the loader's spinner turns: a quick load shows only "Laden...",
 * not a spinner that flashes (and an animation the phone draws on every frame while the screen is
 * built: most of a report screen's start-up compositing).
 */
export const SPINNER_DELAY_MS = 500;

/** Shown while a screen or the session is loading. */
export function PageLoader({ label = 'Laden...' }: { label?: string }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 8 }}>
      {/* Its place is kept, so nothing moves when it appears. */}
      <Box sx={{ width: 28, height: 28, display: 'flex' }}>{slow && <CircularProgress size={28} />}</Box>
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
