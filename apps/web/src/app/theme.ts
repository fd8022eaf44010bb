import { createTheme, type Theme } from '@mui/material/styles';
import { nlNL } from '@mui/material/locale';
import { BRAND } from '@keurwijzer/shared/brand';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

/** MUI's durations, all 0 under reduced motion (dialogs, menus and collapses open at once). */
const noMotion = {
  create: () => 'none',
  duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
};

let built: Theme | undefined;

/**
 * Red primary #BE1522, light by default with a dark option, the spec's breakpoints, and MUI's
 * Dutch texts (nlNL: the Autocomplete's "Openen"/"Wissen", pagination labels, ...).
 *
 * Contrast (WCAG AA, 4.5:1 for text): `contrastThreshold: 4.5` makes MUI pick dark text on any
 * filled colour where white does not reach 4.5:1 (MUI's default threshold is 3).
 *
 * Built on the first call and kept (start.tsx calls it at start, the update prompt later): building
 * both colour schemes is the largest single step of the app's start-up, and start.tsx runs it as a
 * task of its own.
 *
 * The system's "reduce motion" (WCAG 2.3.3) means no transitions and no ripples. It is read here,
 * once; the browser tests run with it (playwright.config.ts `reducedMotion`), so a screen is
 * settled as soon as it is drawn.
 */
export function appTheme(): Theme {
  return (built ??= buildTheme());
}

function buildTheme() {
  const reducedMotion =
    typeof window !== 'undefined' && Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);
  return createTheme({
    cssVariables: { colorSchemeSelector: 'class' },
    colorSchemes: {
      // Fields take the neutral secondary colour when focused: with the red primary an empty focused
      // field looked like one with an error.
      light: {
        palette: {
          contrastThreshold: 4.5,
          primary: { main: BRAND.red },
          secondary: { main: '#37474F' },
          // MUI's orange (#ed6c02) reads at 3.1:1 as text on white ("Uitgenodigd"); this one at 5:1.
          warning: { main: '#B45309' },
          background: { default: BRAND.background },
        },
      },
      // On a dark background #BE1522 text fails WCAG contrast (2.9:1), and white text on a lighter
      // red fails too: the dark scheme uses a light red with dark text on filled buttons, like MUI's
      // own dark palette (5.7:1 as text on the dark paper, 6:1 under black text).
      dark: {
        palette: {
          contrastThreshold: 4.5,
          primary: { main: BRAND.darkRed, light: '#FFB4AB', dark: BRAND.red },
          error: { main: BRAND.darkRed },
          secondary: { main: '#B0BEC5' },
          background: { default: BRAND.darkBackground, paper: BRAND.darkPaper },
        },
      },
    },
    breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } },
    typography: {
      fontFamily: 'Roboto, "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '1.6rem', fontWeight: 600 },
      h2: { fontSize: '1.25rem', fontWeight: 600 },
    },
    shape: { borderRadius: 8 },
    ...(reducedMotion ? { transitions: noMotion } : {}),
    components: {
      // MuiAlert, MuiAutocomplete, MuiBreadcrumbs, MuiPagination, MuiRating, MuiTablePagination.
      // As part of the options, not as createTheme's second argument: that deep-merges and
      // copies the whole built theme, which was 40 % of building it.
      ...nlNL.components,
      MuiButtonBase: { defaultProps: { disableRipple: reducedMotion } },
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
      // Big touch targets for mechanics on a tablet.
      MuiIconButton: { styleOverrides: { root: { minWidth: 44, minHeight: 44 } } },
      MuiTextField: { defaultProps: { fullWidth: true, color: 'secondary' } },
      MuiFormControl: { defaultProps: { color: 'secondary' } },
      MuiMenu: { defaultProps: { transitionDuration: reducedMotion ? 0 : { enter: 300, exit: 250 } } },
    },
  });
}
