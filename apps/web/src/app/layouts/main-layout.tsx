import { useEffect, useState, type ReactNode } from 'react';
import { NavLink, useNavigation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useColorScheme, useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import { Logo } from '../../components/layout/logo';
import { OutboxBadge } from '../../components/layout/outbox-badge';
import { useCurrentUser } from '../../lib/api/auth';
import { REPORT_OUTBOX, REPORT_SCOPES } from '../../features/reports/filler/report-wire';
import { applyUserLanguage } from '../../lib/language';
import { useOutboxSender } from '../../lib/outbox/app-outbox';
import { useNotify } from '../../components/feedback/notifications';
import { AccountMenu } from './account-menu';
import { NavigationDrawer } from './navigation-drawer';
import { useLogout } from './use-logout';
import { useFirstPaintHandOff } from '../startup/first-paint';

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

/** The app bar's switch between the light and the dark scheme. */
function ThemeToggle() {
  const { mode, systemMode, setMode } = useColorScheme();
  const dark = (mode === 'system' ? systemMode : mode) === 'dark';
  return (
    <Tooltip title={dark ? 'Licht thema' : 'Donker thema'}>
      <IconButton
        color="inherit"
        aria-label={dark ? 'Licht thema' : 'Donker thema'}
        onClick={() => setMode(dark ? 'light' : 'dark')}
      >
        {dark ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );
}

/** The main layout: app bar, navigation drawer (permanent from md, a sheet below), content. */
export function MainLayout({ children }: { children: ReactNode }) {
  useFirstPaintHandOff();
  const user = useCurrentUser();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigation = useNavigation();
  const doLogout = useLogout();
  const logout = () => void doLogout();
  // The outbox (answers, photos, signatures, submits made offline) is sent from every screen.
  useOutboxSender(user.id, REPORT_OUTBOX, useNotify());
  // <html lang> follows the account's language preference (lib/language.ts; Dutch as fallback).
  useEffect(() => {
    applyUserLanguage(user.lang);
  }, [user.lang]);

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
          <OutboxBadge scopes={REPORT_SCOPES} />
          <ThemeToggle />
          <AccountMenu onLogout={logout} />
        </Toolbar>
        {navigation.state === 'loading' && (
          <LinearProgress color="inherit" sx={{ position: 'absolute', bottom: 0, left: 0, right: 0, height: 2 }} />
        )}
      </AppBar>
      <NavigationDrawer wide={wide} open={drawerOpen} onClose={() => setDrawerOpen(false)} onLogout={logout} />
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
