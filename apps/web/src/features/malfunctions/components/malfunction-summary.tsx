import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { MALFUNCTION_TEXT, MALFUNCTION_URGENCY_LABELS, type MalfunctionDetail } from '@keurwijzer/shared/malfunctions';
import { DetailCard, DetailItem } from '../../../components/display/details';
import { MachineItem, ReportedTexts } from '../../../components/malfunction/malfunction-items';
import { formatDateTime } from '../../../lib/format';
import { reporterOf } from '../../../lib/reporter';
import { LateChip, UrgentChip } from '../../../components/malfunction/malfunction-markers';
import { MalfunctionStatusChip } from '../../../components/malfunction/malfunction-status';

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
    <DetailCard>
      <ReportedTexts malfunction={m} />
      <MachineItem
        malfunction={m}
        to={`/admin/customers/${m.customer_id}/machines/${m.machine_id}/edit`}
        ariaLabel={`Machine ${m.machine_name} (${m.inventory_number}) openen`}
      />
      <DetailItem label="Klant">{m.customer_name}</DetailItem>
      <DetailItem label="Plaats">{placeOf(m)}</DetailItem>
      <DetailItem label="Status">
        <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          <MalfunctionStatusChip status={m.status} />
          <UrgentChip malfunction={m} />
        </Box>
      </DetailItem>
      <DetailItem label="Urgentie">{MALFUNCTION_URGENCY_LABELS[m.urgent ? 'urgent' : 'normal']}</DetailItem>
      <DetailItem label={MALFUNCTION_TEXT.contactPhone}>
        {m.contact_phone ? <Link href={`tel:${m.contact_phone.replace(/\s/g, '')}`}>{m.contact_phone}</Link> : '-'}
      </DetailItem>
      <DetailItem label={MALFUNCTION_TEXT.respondBy}>
        {m.respond_by ? formatDateTime(m.respond_by) : '-'}
        {m.late && (
          <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
            <LateChip />
          </Box>
        )}
      </DetailItem>
      <DetailItem label="Gemeld door">{reporterOf(m) ?? '-'}</DetailItem>
      <DetailItem label="Gemeld op">{formatDateTime(m.reported_at)}</DetailItem>
      <DetailItem label="Behandeld door">{m.handled_by_name ?? '-'}</DetailItem>
      <DetailItem label="Opgelost op">{m.resolved_at ? formatDateTime(m.resolved_at) : '-'}</DetailItem>
    </DetailCard>
  );
}
