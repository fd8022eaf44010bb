import { NavLink } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/PersonOutline';
import { useCurrentUser } from '../../lib/api/auth';
import { navigationFor } from '../navigation';
import { ItemBadge } from './item-badge';

const DRAWER_WIDTH = 260;

/**
 * The navigation menu of the user's role (app/navigation.ts), then Profiel and Uitloggen:
 * permanent beside the content when `wide` (from md), a sheet that `open` shows below that.
 */
export function NavigationDrawer({
  wide,
  open,
  onClose,
  onLogout,
}: {
  wide: boolean;
  open: boolean;
  onClose: () => void;
  onLogout: () => void;
}) {
  const user = useCurrentUser();
  return (
    <Drawer
      variant={wide ? 'permanent' : 'temporary'}
      open={wide || open}
      onClose={onClose}
      // On a phone the drawer is a dialog: it needs a name.
      slotProps={{ paper: wide ? {} : { 'aria-label': 'Menu' } }}
      sx={{
        width: wide ? DRAWER_WIDTH : undefined,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
      }}
    >
      <Box component="nav" aria-label="Hoofdmenu" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Toolbar />
        {navigationFor(user.role, user.customer_admin).map((section, i) => (
          <List
            key={section.title ?? i}
            subheader={section.title ? <ListSubheader disableSticky>{section.title}</ListSubheader> : undefined}
          >
            {section.items.map((item) => (
              <ListItem key={item.to} disablePadding>
                <ListItemButton
                  component={NavLink}
                  to={item.to}
                  end={item.end}
                  onClick={onClose}
                  sx={(theme) => ({
                    mx: 1,
                    borderRadius: 1,
                    '&.active': {
                      bgcolor: 'action.selected',
                      color: 'primary.main',
                      ...theme.applyStyles('dark', { color: 'primary.light' }),
                    },
                  })}
                >
                  <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>
                    <item.icon />
                  </ListItemIcon>
                  <ListItemText primary={item.label} />
                  {item.badge && <ItemBadge useBadge={item.badge} />}
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        ))}
        <Box sx={{ flexGrow: 1 }} />
        <Divider />
        <List>
          <ListItem disablePadding>
            <ListItemButton component={NavLink} to="/profile" onClick={onClose} sx={{ mx: 1, borderRadius: 1 }}>
              <ListItemIcon sx={{ minWidth: 40 }}>
                <PersonIcon />
              </ListItemIcon>
              <ListItemText primary="Profiel" />
            </ListItemButton>
          </ListItem>
          <ListItem disablePadding>
            {/* A real button (not a div with role=button): Enter and Space work, and it is one. */}
            <ListItemButton component="button" onClick={onLogout} sx={{ mx: 1, borderRadius: 1 }}>
              <ListItemIcon sx={{ minWidth: 40 }}>
                <LogoutIcon />
              </ListItemIcon>
              <ListItemText primary="Uitloggen" />
            </ListItemButton>
          </ListItem>
        </List>
      </Box>
    </Drawer>
  );
}
