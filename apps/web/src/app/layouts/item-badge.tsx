import Box from '@mui/material/Box';
import AlarmIcon from '@mui/icons-material/AlarmOutlined';
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

const PILL = {
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
} as const;

/**
 * A menu item's count (NavItem.badge) at its end: the number is shown, the screen reader hears its
 * label ("Storingen (3 open)"). The late ones (`late`) get a second pill in the error colour with a
 * clock ("Storingen (3 open, waarvan 1 te laat)": the one label says both).
 */
export function ItemBadge({ useBadge }: { useBadge: () => NavBadge | undefined }) {
  const badge = useBadge();
  if (!badge) return null;
  return (
    <>
      <Box component="span" sx={{ ...PILL, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <span aria-hidden>{badge.count}</span>
        <Box component="span" sx={VISUALLY_HIDDEN}>
          ({badge.label})
        </Box>
      </Box>
      {badge.late ? (
        <Box
          component="span"
          aria-hidden
          data-late-badge=""
          title={`${badge.late} te laat`}
          sx={{ ...PILL, ml: 0.5, gap: 0.25, bgcolor: 'error.main', color: 'error.contrastText' }}
        >
          <AlarmIcon sx={{ fontSize: 14 }} />
          {badge.late}
        </Box>
      ) : null}
    </>
  );
}
