import { useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Logo } from '../../../components/layout/logo';

/**
 * `<meta name="robots" content="noindex,nofollow">` while the label page shows: a label's page
 * is for whoever stands at the machine, never for a search engine (the API also answers with
 * X-Robots-Tag). Removed again when the app goes elsewhere.
 */
export function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex,nofollow';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

/**
 * The frame of the label pages: the product mark and `company` at the top, one column of at
 * most 560 px, no navigation of the app (a visitor from a QR code sees nothing else of it).
 */
export function LabelShell({ company, children }: { company?: string; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Logo size={32} />
        <Typography component="div" fontWeight={700} sx={{ overflowWrap: 'anywhere' }}>
          {company ?? 'Keurwijzer'}
        </Typography>
      </Box>
      <Box component="main" sx={{ maxWidth: 560, mx: 'auto', px: 2, py: 3 }}>
        {children}
      </Box>
    </Box>
  );
}
