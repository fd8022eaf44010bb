/**
 * The product's colours, one place for every surface that draws them: the MUI theme
 * (apps/web/src/app/theme.ts), the logo, the server's first paint of
 * the report screen, the mails and the PDFs.
 */
export const BRAND = {
  /** The primary red (spec section 9). */
  red: '#BE1522',
  /** The primary of the dark scheme: #BE1522 fails WCAG contrast as text on a dark background. */
  darkRed: '#F26B6B',
  /** The light scheme's page background. */
  background: '#f5f5f6',
  /** The dark scheme's page background and its paper (cards, app bar, drawer). */
  darkBackground: '#121212',
  darkPaper: '#1c1c1e',
} as const;

/** The logo's check mark (an SVG path in a 32 x 32 box; components/layout/logo.tsx). */
export const LOGO_CHECK_PATH = 'M9 17l5 5 9-11';
