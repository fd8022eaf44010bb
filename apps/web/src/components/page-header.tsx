import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

export type Crumb = { label: string; to?: string };

/** Title, optional breadcrumbs and actions at the top of a screen. */
export function PageHeader({ title, crumbs, actions }: { title: string; crumbs?: Crumb[]; actions?: ReactNode }) {
  return (
    <Box sx={{ mb: 3 }}>
      {crumbs && crumbs.length > 0 && (
        <Breadcrumbs aria-label="Kruimelpad" sx={{ mb: 1 }}>
          {crumbs.map((c, i) =>
            // The last crumb is the screen itself: text, not a link to where you are.
            c.to && i < crumbs.length - 1 ? (
              <Link key={i} component={RouterLink} to={c.to} underline="hover" color="inherit">
                {c.label}
              </Link>
            ) : (
              <Typography key={i} color="text.primary" aria-current={i === crumbs.length - 1 ? 'page' : undefined}>
                {c.label}
              </Typography>
            ),
          )}
        </Breadcrumbs>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
    </Box>
  );
}
