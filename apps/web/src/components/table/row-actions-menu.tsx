import { useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import MoreVertIcon from '@mui/icons-material/MoreVert';

/**
 * On a phone a row's buttons do not fit beside its columns: one "Acties" button opens them in a
 * small panel instead (the same buttons, so the same labels and keyboard behaviour).
 */
export function RowActionsMenu({ children }: { children: ReactNode }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton aria-label="Acties" aria-haspopup="true" onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon />
      </IconButton>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        onClick={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Stack direction="row" sx={{ p: 0.5 }}>
          {children}
        </Stack>
      </Popover>
    </>
  );
}
