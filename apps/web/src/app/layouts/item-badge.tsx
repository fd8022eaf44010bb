import Box from '@mui/material/Box';
import type { NavBadge } from '../navigation';

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * A menu item's count (NavItem.badge) at its end: the number is shown, the screen reader hears its
 * label ("Storingen (3 open)").
 */
export function ItemBadge({ useBadge }: { useBadge: () => NavBadge | undefined }) {
  const badge = useBadge();
  if (!badge) return null;
  return (
    <Box
      component="span"
      sx={{
        ml: 1,
        minWidth: 24,
        height: 22,
        px: 0.75,
        borderRadius: 11,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        typography: 'caption',
        fontWeight: 700,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      <span aria-hidden>{badge.count}</span>
      <Box component="span" sx={VISUALLY_HIDDEN}>
        ({badge.label})
      </Box>
    </Box>
  );
}
