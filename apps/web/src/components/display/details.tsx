import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * One label and its value in a DetailCard's list; `wide` spans the whole row (a description, a
 * remark); typed line breaks show unless `keepLines` is false.
 */
export function DetailItem({
  label,
  children,
  wide = false,
  keepLines = true,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
  keepLines?: boolean;
}) {
  return (
    <Box sx={{ minWidth: 0, ...(wide && { gridColumn: '1 / -1' }) }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', ...(keepLines && { whiteSpace: 'pre-line' }) }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Two columns on phones, four from md: the summaries of a malfunction or a task list. */
const FOUR_COLUMNS = { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' };

/**
 * A summary card: an outlined paper with a definition list of DetailItems in a grid
 * (`columns`: its gridTemplateColumns, four by default).
 */
export function DetailCard({
  columns = FOUR_COLUMNS,
  before,
  children,
}: {
  columns?: Record<string, string>;
  /** What stands above the list (the mechanic's status chips). */
  before?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      {before}
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: columns }}>
        {children}
      </Box>
    </Paper>
  );
}

/** A titled part of a detail screen: an outlined section labelled by its h2 (`sx` places it in a grid). */
export function DetailSection({ title, sx, children }: { title: string; sx?: SxProps<Theme>; children: ReactNode }) {
  const id = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={[{ minWidth: 0, p: { xs: 2, sm: 3 }, mb: 3 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Typography variant="h2" id={id} sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
