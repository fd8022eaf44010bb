import { useEffect, useRef, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { LOADING, useDocumentTitle } from './document-title';

export type Crumb = {
  label: string;
  to?: string;
  /**
   * Left out on a phone (below 600 px), where the crumbs would be cut to "Tak…": a crumb the
   * heading says anyway (the report's machine under "Rapport <machine>").
   */
  hideBelow?: 'sm';
};

/**
 * The path whose heading last took the focus. It starts as the page the app was opened on: a
 * first load leaves the focus at the start of the document (where the skip link is).
 */
let focusedPath = window.location.pathname;

/**
 * After a navigation to another page the focus goes to its heading, so a screen reader announces
 * the new page and Tab continues from there (not from the link that was clicked in the menu). A
 * field the screen focused itself (autoFocus) keeps the focus; a new search or page of the same
 * list (same path) moves nothing.
 */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (pathname === focusedPath) return;
    focusedPath = pathname;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && active.closest('main')) return;
    heading.current?.focus();
  }, [pathname]);
  return heading;
}

/**
 * Title, optional breadcrumbs and actions at the top of a screen; also the browser title.
 *
 * The header keeps its height when a name in it arrives (no layout shift): the breadcrumbs stay
 * on one line (long names are cut off with "…"), and while a name is loading ("Machines van …")
 * the heading keeps the two lines such a title takes on a phone.
 */
export function PageHeader({ title, crumbs, actions }: { title: string; crumbs?: Crumb[]; actions?: ReactNode }) {
  useDocumentTitle(
    title,
    crumbs?.map((c) => c.label),
  );
  const heading = useFocusOnNavigation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const shown = phone ? crumbs?.filter((c) => c.hideBelow !== 'sm') : crumbs;
  const current = crumbs?.[crumbs.length - 1];
  const pending = title.includes(LOADING) || !!crumbs?.some((c) => c.label === LOADING);
  return (
    // Notifications keep clear of the heading and its buttons (components/feedback).
    <Box sx={{ mb: 3 }} data-keep-clear>
      {shown && shown.length > 0 && (
        <Breadcrumbs
          aria-label="Kruimelpad"
          sx={{
            mb: 1,
            '& .MuiBreadcrumbs-ol': { flexWrap: 'nowrap' },
            // Names give way, the first crumb (the section: Klanten, Merken) stays readable.
            '& .MuiBreadcrumbs-li': { minWidth: 0 },
            '& .MuiBreadcrumbs-li:first-of-type': { flexShrink: 0 },
            '& .MuiBreadcrumbs-li > *': {
              display: 'block',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            },
            '& .MuiBreadcrumbs-separator': { flexShrink: 0 },
          }}
        >
          {shown.map((c, i) =>
            // The last crumb is the screen itself: text, not a link to where you are.
            c.to && c !== current ? (
              <Link key={i} component={RouterLink} to={c.to} underline="hover" color="inherit">
                {c.label}
              </Link>
            ) : (
              <Typography key={i} color="text.primary" aria-current={c === current ? 'page' : undefined}>
                {c.label}
              </Typography>
            ),
          )}
        </Breadcrumbs>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography
          variant="h1"
          ref={heading}
          tabIndex={-1}
          // Scrolled into view below the fixed app bar; no ring when the focus came from a click.
          sx={{
            flexGrow: 1,
            scrollMarginTop: 88,
            '&:focus:not(:focus-visible)': { outline: 'none' },
            // h1 line height 1.167: two lines on a phone while a name is still coming.
            ...(pending && { minHeight: { xs: '2.334em', sm: 0 } }),
          }}
        >
          {title}
        </Typography>
        {actions}
      </Box>
    </Box>
  );
}
