import { useState, type MouseEvent, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import TableIcon from '@mui/icons-material/TableChartOutlined';
import type { InventoryFormat } from '@keurwijzer/shared/machines';
import { toQuery, useListState } from '../table/list-state';
import { useDownload } from '../feedback/use-download';

const FORMATS: { format: InventoryFormat; label: string; icon: ReactNode }[] = [
  { format: 'xlsx', label: 'Excel (xlsx)', icon: <TableIcon fontSize="small" /> },
  { format: 'pdf', label: 'PDF (afdrukken)', icon: <PdfIcon fontSize="small" /> },
];

/**
 * "Inventarislijst": downloads the customer's inventory as xlsx or PDF with what the list shows:
 * its search, sort and archived switch (read from the URL like the list does), plus the screen's
 * own `filters`, without paging. The button shows progress while the file is made.
 */
export function InventoryExportButton({
  path,
  filters,
}: {
  path: string;
  filters: Record<string, string | undefined>;
}) {
  const [listState] = useListState({ sortKey: 'name' });
  const { page: _page, itemsPerPage: _perPage, ...listQuery } = toQuery(listState);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { busy, download: save } = useDownload();

  const download = async (format: InventoryFormat) => {
    setAnchor(null);
    await save(path, { ...listQuery, ...filters, format }, `inventaris.${format}`);
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />}
        disabled={busy}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
      >
        {busy ? 'Bezig met exporteren...' : 'Inventarislijst'}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {FORMATS.map((f) => (
          <MenuItem key={f.format} onClick={() => void download(f.format)}>
            <ListItemIcon>{f.icon}</ListItemIcon>
            <ListItemText>{f.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
