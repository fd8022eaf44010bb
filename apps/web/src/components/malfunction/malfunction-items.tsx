import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { OwnMalfunction } from '@keurwijzer/shared/malfunctions';
import { DetailItem } from '../display/details';

/*
 * The items that the office's, the customer's and the mechanic's summaries of a malfunction
 * show alike (each screen picks the rest of its list itself).
 */

/** Omschrijving and, when there is one, Opmerking: what the reporter wrote, each across the row. */
export function ReportedTexts({ malfunction: m }: { malfunction: Pick<OwnMalfunction, 'description' | 'remark'> }) {
  return (
    <>
      <DetailItem label="Omschrijving" wide>
        {m.description}
      </DetailItem>
      {m.remark && (
        <DetailItem label="Opmerking" wide>
          {m.remark}
        </DetailItem>
      )}
    </>
  );
}

/** "Machine": its name as a link to `to`, its inventory number under it. */
export function MachineItem({
  malfunction: m,
  to,
  ariaLabel,
}: {
  malfunction: Pick<OwnMalfunction, 'machine_name' | 'inventory_number'>;
  to: string;
  ariaLabel?: string;
}) {
  return (
    <DetailItem label="Machine">
      <Link component={RouterLink} to={to} aria-label={ariaLabel}>
        {m.machine_name}
      </Link>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {m.inventory_number}
      </Typography>
    </DetailItem>
  );
}
