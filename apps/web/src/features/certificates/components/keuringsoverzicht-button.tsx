import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import CertificateIcon from '@mui/icons-material/VerifiedOutlined';
import { useDownload } from '../../../components/feedback/use-download';
import { useOwnSummary } from '../../../lib/api/overview';

/** The button's word, as the PDF's title. */
export const KEURINGSOVERZICHT = 'Keuringsoverzicht';

/** The Keuringsoverzicht PDF of a location: the office's, or (without `customerId`) the customer's own. */
export const keuringsoverzichtPath = (locationId: number, customerId?: number) =>
  customerId === undefined
    ? `/api/locations/${locationId}/keuringsoverzicht.pdf`
    : `/api/customers/${customerId}/locations/${locationId}/keuringsoverzicht.pdf`;

/**
 * The office's "Keuringsoverzicht" of one location, as a row action of the locations list: an
 * icon button (its tooltip and accessible name name the location) that downloads the PDF.
 */
export function KeuringsoverzichtRowAction({
  customerId,
  locationId,
  locationName,
}: {
  customerId: number;
  locationId: number;
  locationName: string;
}) {
  const { busy, download } = useDownload();
  const label = `${KEURINGSOVERZICHT} ${locationName} downloaden`;
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          aria-label={label}
          disabled={busy}
          onClick={() => void download(keuringsoverzichtPath(locationId, customerId), {}, 'keuringsoverzicht.pdf')}
        >
          {busy ? <CircularProgress size={18} color="inherit" /> : <CertificateIcon />}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * "Keuringsoverzicht" on the customer's machines screen: the PDF of one of its locations to show
 * an inspector. One location: the button downloads it; several: the button opens a menu of the
 * locations. The locations are those of the compliance summary (same query, no extra request);
 * without any the button is not shown.
 */
export function KeuringsoverzichtButton() {
  const { data } = useOwnSummary();
  const { busy, download } = useDownload();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const locations = data?.locations ?? [];
  if (locations.length === 0) return null;
  const save = (locationId: number) => {
    setAnchor(null);
    void download(keuringsoverzichtPath(locationId), {}, 'keuringsoverzicht.pdf');
  };
  const several = locations.length > 1;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <CertificateIcon />}
        disabled={busy}
        aria-haspopup={several ? 'menu' : undefined}
        aria-controls={several && anchor ? menuId : undefined}
        aria-expanded={several ? Boolean(anchor) : undefined}
        aria-label={several ? KEURINGSOVERZICHT : `${KEURINGSOVERZICHT} ${locations[0]!.location_name} downloaden`}
        onClick={(e) => (several ? setAnchor(e.currentTarget) : save(locations[0]!.location_id))}
      >
        {busy ? 'Bezig...' : KEURINGSOVERZICHT}
      </Button>
      {several && (
        <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          {locations.map((l) => (
            <MenuItem key={l.location_id} onClick={() => save(l.location_id)}>
              {l.location_name}
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}
