import { useState } from 'react';
import { NavLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS } from '@keurwijzer/shared/permissions';
import { fullName } from '@keurwijzer/shared/users';
import { useCurrentUser } from '../../features/auth/api/auth';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase())
    .filter((_, i, all) => i === 0 || i === all.length - 1)
    .join('');
}

/** The app bar's account button (photo or initials) and its menu: name and role, Profiel, Uitloggen. */
export function AccountMenu({ onLogout }: { onLogout: () => void }) {
  const user = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = fullName(user);
  const userInitials = initials(name);
  // The accessible name holds the initials the button shows (WCAG 2.5.3, label in name; not in
  // parentheses, which the check leaves out).
  const accountLabel = `Account van ${name}, ${userInitials}`;

  return (
    <>
      <Tooltip title={`Account van ${name}`}>
        <IconButton color="inherit" aria-label={accountLabel} onClick={(e) => setAnchor(e.currentTarget)}>
          <Avatar
            // The profile photo when there is one (the initials while it loads or if it fails).
            src={user.image ?? undefined}
            alt=""
            sx={(t) => ({
              width: 32,
              height: 32,
              bgcolor: 'common.white',
              color: 'primary.main',
              fontSize: 14,
              // The dark scheme's primary is a light red: on white the brand red reads.
              ...t.applyStyles('dark', { color: 'primary.dark' }),
            })}
          >
            {userInitials}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        // A menu holds menu items only: the name and role above them are its label for a
        // screen reader, and only shown.
        slotProps={{ list: { 'aria-label': `${name}, ${ROLE_LABELS[user.role]}` } }}
      >
        <Box aria-hidden sx={{ px: 2, py: 1 }}>
          <Typography component="span" display="block" fontWeight={600}>
            {name}
          </Typography>
          <Typography component="span" display="block" variant="body2" color="text.secondary">
            {ROLE_LABELS[user.role]}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={NavLink} to="/profile" onClick={() => setAnchor(null)}>
          Profiel
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onLogout();
          }}
        >
          Uitloggen
        </MenuItem>
      </Menu>
    </>
  );
}
