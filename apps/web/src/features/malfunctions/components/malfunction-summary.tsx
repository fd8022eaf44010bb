import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MALFUNCTION_TEXT, MALFUNCTION_URGENCY_LABELS, type MalfunctionDetail } from '@keurwijzer/shared/malfunctions';
import { formatDateTime } from '../../../lib/format';
import { reporterOf } from '../../../lib/reporter';
import { LateChip, UrgentChip } from '../../../components/malfunction/malfunction-markers';
import { MalfunctionStatusChip } from '../../../components/malfunction/malfunction-status';

function Item({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, ...(wide && { gridColumn: '1 / -1' }) }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The place of the machine: location, department, room (those it has). */
export const placeOf = (m: Pick<MalfunctionDetail, 'location_name' | 'department_name' | 'room_name'>) =>
  [m.location_name, m.department_name, m.room_name].filter(Boolean).join(' · ');

/**
 * What was reported: the description and remark, by whom and when, on which machine where; the
 * urgency ("Spoed"), the number to call back ("Bereikbaar op", a tel: link) and the response
 * deadline.
 */
export function MalfunctionSummary({ malfunction: m }: { malfunction: MalfunctionDetail }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}
      >
        <Item label="Omschrijving" wide>
          {m.description}
        </Item>
        {m.remark && (
          <Item label="Opmerking" wide>
            {m.remark}
          </Item>
        )}
        <Item label="Machine">
          <Link
            component={RouterLink}
            to={`/admin/customers/${m.customer_id}/machines/${m.machine_id}/edit`}
            aria-label={`Machine ${m.machine_name} (${m.inventory_number}) openen`}
          >
            {m.machine_name}
          </Link>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {m.inventory_number}
          </Typography>
        </Item>
        <Item label="Klant">{m.customer_name}</Item>
        <Item label="Plaats">{placeOf(m)}</Item>
        <Item label="Status">
          <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            <MalfunctionStatusChip status={m.status} />
            <UrgentChip malfunction={m} />
          </Box>
        </Item>
        <Item label="Urgentie">{MALFUNCTION_URGENCY_LABELS[m.urgent ? 'urgent' : 'normal']}</Item>
        <Item label={MALFUNCTION_TEXT.contactPhone}>
          {m.contact_phone ? <Link href={`tel:${m.contact_phone.replace(/\s/g, '')}`}>{m.contact_phone}</Link> : '-'}
        </Item>
        <Item label={MALFUNCTION_TEXT.respondBy}>
          {m.respond_by ? formatDateTime(m.respond_by) : '-'}
          {m.late && (
            <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
              <LateChip />
            </Box>
          )}
        </Item>
        <Item label="Gemeld door">{reporterOf(m) ?? '-'}</Item>
        <Item label="Gemeld op">{formatDateTime(m.reported_at)}</Item>
        <Item label="Behandeld door">{m.handled_by_name ?? '-'}</Item>
        <Item label="Opgelost op">{m.resolved_at ? formatDateTime(m.resolved_at) : '-'}</Item>
      </Box>
    </Paper>
  );
}
