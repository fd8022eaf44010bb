import { NavLink } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS, type Role } from '@keurwijzer/shared/permissions';

/**
 * The account button's menu: name and role, Profiel, Uitloggen. A chunk of its own, loaded when
 * the menu is first wanted (account-menu.tsx): MUI's Menu brings Popover, Modal and, through
 * MenuItem, Select, which no screen needs before (the report screen's start-up).
 */
export default function AccountMenuList({
  anchor,
  name,
  role,
  onClose,
  onLogout,
}: {
  anchor: HTMLElement | null;
  name: string;
  role: Role;
  onClose: () => void;
  onLogout: () => void;
}) {
  return (
    <Menu
      anchorEl={anchor}
      open={!!anchor}
      onClose={onClose}
      // A menu holds menu items only: the name and role above them are its label for a
      // screen reader, and only shown.
      slotProps={{ list: { 'aria-label': `${name}, ${ROLE_LABELS[role]}` } }}
    >
      <Box aria-hidden sx={{ px: 2, py: 1 }}>
        <Typography component="span" display="block" fontWeight={600}>
          {name}
        </Typography>
        <Typography component="span" display="block" variant="body2" color="text.secondary">
          {ROLE_LABELS[role]}
        </Typography>
      </Box>
      <Divider />
      <MenuItem component={NavLink} to="/profile" onClick={onClose}>
        Profiel
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          onLogout();
        }}
      >
        Uitloggen
      </MenuItem>
    </Menu>
  );
}
