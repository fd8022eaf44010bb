import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A friendly block for a screen that has nothing to show yet. */
export function EmptyState({ title, children, icon }: { title: string; children?: ReactNode; icon?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center', color: 'text.secondary' }}>
      {icon}
      <Typography variant="h2" component="p" color="text.primary" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children && <Typography>{children}</Typography>}
    </Paper>
  );
}
