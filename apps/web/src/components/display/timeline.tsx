import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../lib/format';

/** One line of a timeline: what happened, when and by whom, and what was said with it. */
export type TimelineEntry = {
  id: number;
  /** What happened, in one line. */
  title: string;
  /** When (ISO). */
  at: string;
  by: string | null;
  /** The dot's colour: a status change stands out ('secondary'), a customer's word ('primary'). */
  dot: 'secondary.main' | 'primary.main' | 'text.disabled';
  /** Texts and photos under the line. */
  details?: ReactNode;
};

/**
 * A history, oldest first, as an ordered list labelled "Tijdlijn": a dot per entry on a line that
 * joins them (the malfunction's timelines of the office and of the customer).
 */
export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <Box component="ol" aria-label="Tijdlijn" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {entries.map((e, i) => (
        <Box
          component="li"
          key={e.id}
          sx={{
            position: 'relative',
            pl: 3,
            pb: i === entries.length - 1 ? 0 : 2,
            '&::before': {
              content: '""',
              position: 'absolute',
              left: 4,
              top: 6,
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: e.dot,
            },
            ...(i < entries.length - 1 && {
              '&::after': {
                content: '""',
                position: 'absolute',
                left: 8,
                top: 18,
                bottom: 0,
                width: 2,
                bgcolor: 'divider',
              },
            }),
          }}
        >
          <Typography sx={{ fontWeight: 500 }}>{e.title}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(e.at)}
            {e.by && ` · ${e.by}`}
          </Typography>
          {e.details}
        </Box>
      ))}
    </Box>
  );
}
