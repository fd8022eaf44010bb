import { useEffect, useState, type ReactNode } from 'react';
import { NavLink, useNavigate, useNavigation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useColorScheme, useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/PersonOutline';
import { ROLE_LABELS } from '@keurwijzer/shared/permissions';
import { TEXT } from '@keurwijzer/shared/texts';
import { fullName } from '@keurwijzer/shared/users';
import { Logo } from '../../components/layout/logo';
import { useNotify } from '../../components/feedback/notifications';
import { logout, useCurrentUser } from '../../features/auth/api/auth';
import { errorMessage } from '../../lib/api-client';
import { applyUserLanguage } from '../../lib/language';
import { AUTH_QUERY_KEY } from '../../lib/query-client';
import { navigationFor, type NavBadge } from '../navigation';

const DRAWER_WIDTH = 260;
const CONTENT_ID = 'inhoud';

/**
 * "Naar de inhoud": the first thing a keyboard reaches, hidden until it has the focus. It moves
 * the focus to the screen itself, past the app bar and the navigation (WCAG 2.4.1).
 */
function SkipLink() {
  return (
    <Link
      href={`#${CONTENT_ID}`}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(CONTENT_ID)?.focus();
      }}
      sx={(t) => ({
        position: 'fixed',
        left: 8,
        top: 8,
        zIndex: t.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        boxShadow: 4,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      })}
    >
      Naar de inhoud
    </Link>
  );
}

/**
 * A menu item's count (NavItem.badge) at its end: the number is shown, the screen reader hears its
 * label ("Storingen (3 open)").
 */
function ItemBadge({ useBadge }: { useBadge: () => NavBadge | undefined }) {
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

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase())
    .filter((_, i, all) => i === 0 || i === all.length - 1)
    .join('');
}

/** Signs out on the server, forgets every cached answer and goes to login. */
function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  return async () => {
    try {
      await logout();
      notify(TEXT.loggedOut);
    } catch (err) {
      notify(errorMessage(err), 'error');
    }
    queryClient.clear();
    queryClient.setQueryData(AUTH_QUERY_KEY, null);
    await navigate('/login', { replace: true });
  };
}

/** The main layout: app bar, navigation drawer (permanent from md, a sheet below), content. */
export function MainLayout({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const { mode, systemMode, setMode } = useColorScheme();
  const dark = (mode === 'system' ? systemMode : mode) === 'dark';
  const navigation = useNavigation();
  const doLogout = useLogout();
  const name = fullName(user);
  const userInitials = initials(name);
  // The accessible name holds the initials the button shows (WCAG 2.5.3, label in name; not in
  // parentheses, which the check leaves out).
  const accountLabel = `Account van ${name}, ${userInitials}`;
  // <html lang> follows the account's language preference (lib/language.ts; Dutch as fallback).
  useEffect(() => {
    applyUserLanguage(user.lang);
  }, [user.lang]);

  const nav = (
    <Box component="nav" aria-label="Hoofdmenu" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar />
      {navigationFor(user.role).map((section, i) => (
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
                onClick={() => setDrawerOpen(false)}
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
          <ListItemButton
            component={NavLink}
            to="/profile"
            onClick={() => setDrawerOpen(false)}
            sx={{ mx: 1, borderRadius: 1 }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <PersonIcon />
            </ListItemIcon>
            <ListItemText primary="Profiel" />
          </ListItemButton>
        </ListItem>
        <ListItem disablePadding>
          {/* A real button (not a div with role=button): Enter and Space work, and it is one. */}
          <ListItemButton component="button" onClick={() => void doLogout()} sx={{ mx: 1, borderRadius: 1 }}>
            <ListItemIcon sx={{ minWidth: 40 }}>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary="Uitloggen" />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <SkipLink />
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar>
          {!wide && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label="Menu openen"
              onClick={() => setDrawerOpen(true)}
              sx={{ mr: 1 }}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Box
            component={NavLink}
            to="/"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              color: 'inherit',
              textDecoration: 'none',
              flexGrow: 1,
            }}
          >
            <Logo size={28} inverted />
            <Typography variant="h6" component="span" fontWeight={700}>
              Keurwijzer
            </Typography>
          </Box>
          <Tooltip title={dark ? 'Licht thema' : 'Donker thema'}>
            <IconButton
              color="inherit"
              aria-label={dark ? 'Licht thema' : 'Donker thema'}
              onClick={() => setMode(dark ? 'light' : 'dark')}
            >
              {dark ? <LightModeIcon /> : <DarkModeIcon />}
            </IconButton>
          </Tooltip>
          <Tooltip title={`Account van ${name}`}>
            <IconButton color="inherit" aria-label={accountLabel} onClick={(e) => setMenuAnchor(e.currentTarget)}>
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
            anchorEl={menuAnchor}
            open={!!menuAnchor}
            onClose={() => setMenuAnchor(null)}
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
            <MenuItem component={NavLink} to="/profile" onClick={() => setMenuAnchor(null)}>
              Profiel
            </MenuItem>
            <MenuItem
              onClick={() => {
                setMenuAnchor(null);
                void doLogout();
              }}
            >
              Uitloggen
            </MenuItem>
          </Menu>
        </Toolbar>
        {navigation.state === 'loading' && (
          <LinearProgress color="inherit" sx={{ position: 'absolute', bottom: 0, left: 0, right: 0, height: 2 }} />
        )}
      </AppBar>
      <Drawer
        variant={wide ? 'permanent' : 'temporary'}
        open={wide || drawerOpen}
        onClose={() => setDrawerOpen(false)}
        // On a phone the drawer is a dialog: it needs a name.
        slotProps={{ paper: wide ? {} : { 'aria-label': 'Menu' } }}
        sx={{
          width: wide ? DRAWER_WIDTH : undefined,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        {nav}
      </Drawer>
      <Box
        component="main"
        id={CONTENT_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, '&:focus': { outline: 'none' } }}
      >
        <Toolbar />
        {children}
      </Box>
    </Box>
  );
}
