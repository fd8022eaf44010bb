import { useId, useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import { LABEL_LAYOUTS, LABEL_LAYOUT_LABELS, LABEL_TEXT, type LabelLayout } from '@keurwijzer/shared/labels';
import { useDownload } from '../../../components/feedback/use-download';
import { labelFileName, labelPaths } from '../api/labels';

/**
 * A label PDF download with its layout chosen from a menu (A4 sheet 3 x 8, 62 mm label printer).
 * Busy and disabled while the server makes the PDF.
 */
function LabelDownloadMenu({ path, text }: { path: string; text: string }) {
  const { busy, download } = useDownload();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const save = (layout: LabelLayout) => {
    setAnchor(null);
    void download(path, { layout }, labelFileName(layout));
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <QrCodeIcon />}
        disabled={busy}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
      >
        {busy ? 'Bezig...' : text}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LABEL_LAYOUTS.map((layout) => (
          <MenuItem key={layout} onClick={() => save(layout)}>
            {LABEL_LAYOUT_LABELS[layout]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** "Labels afdrukken" of a location (its edit screen): a sheet with the label of every active machine there. */
export function LocationLabelsMenu({ customerId, locationId }: { customerId: number; locationId: number }) {
  return <LabelDownloadMenu path={labelPaths.locationSheet(customerId, locationId)} text={LABEL_TEXT.labels} />;
}

/** "Label afdrukken" of one machine. */
export function MachineLabelMenu({ customerId, machineId }: { customerId: number; machineId: number }) {
  return <LabelDownloadMenu path={labelPaths.machineLabel(customerId, machineId)} text={LABEL_TEXT.label} />;
}

/**
 * "Labels afdrukken" of a location chosen in a list (the row's button sets `location`): a dialog
 * with the two layouts. A dialog, not a menu at the row's button: on a phone the row's buttons
 * sit in a panel that closes on the click, which would take an anchored menu with it.
 */
export function LocationLabelsDialog({
  customerId,
  location,
  onClose,
}: {
  customerId: number;
  location: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { busy, download } = useDownload();
  const [layoutBusy, setLayoutBusy] = useState<LabelLayout | null>(null);
  const save = async (layout: LabelLayout) => {
    if (!location) return;
    setLayoutBusy(layout);
    await download(labelPaths.locationSheet(customerId, location.id), { layout }, labelFileName(layout));
    setLayoutBusy(null);
    onClose();
  };
  return (
    <Dialog open={location !== null} onClose={() => !busy && onClose()} aria-labelledby="location-labels-title">
      <DialogTitle id="location-labels-title">
        {LABEL_TEXT.labels}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {location?.name}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>Een PDF met het label van elke actieve machine van deze vestiging.</Typography>
        <Stack spacing={1.5}>
          {LABEL_LAYOUTS.map((layout) => (
            <Button
              key={layout}
              variant="outlined"
              disabled={busy}
              startIcon={layoutBusy === layout ? <CircularProgress size={18} color="inherit" /> : <QrCodeIcon />}
              onClick={() => void save(layout)}
              sx={{ justifyContent: 'flex-start' }}
            >
              {LABEL_LAYOUT_LABELS[layout]}
            </Button>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Annuleren
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** "QR-labels" beside a location's edit form: the sheet of its machines' labels. */
export function LocationLabelsCard({ customerId, locationId }: { customerId: number; locationId: number }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="location-labels">
      <CardContent>
        <Typography variant="h2" id="location-labels" sx={{ mb: 1 }}>
          QR-labels
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Een vel met het label van elke actieve machine van deze vestiging.
        </Typography>
        <LocationLabelsMenu customerId={customerId} locationId={locationId} />
      </CardContent>
    </Card>
  );
}
