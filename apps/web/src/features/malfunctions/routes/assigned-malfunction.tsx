import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import PhoneIcon from '@mui/icons-material/PhoneOutlined';
import { formatDay } from '@keurwijzer/shared/format';
import { MALFUNCTION_TEXT, MALFUNCTION_URGENCY_LABELS, showsUrgent } from '@keurwijzer/shared/malfunctions';
import { REPORT_STATUS_LABELS } from '@keurwijzer/shared/reports';
import { DetailCard, DetailItem, DetailSection } from '../../../components/display/details';
import { StatusChip } from '../../../components/display/status-chip';
import { ReportedTexts } from '../../../components/malfunction/malfunction-items';
import { PageLoader } from '../../../components/feedback/page-loader';
import { PageHeader } from '../../../components/layout/page-header';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import type { PrefetchArgs } from '../../../lib/screen';
import { reporterOf } from '../../../lib/reporter';
import { assignedMalfunctionQuery, useAssignedMalfunction } from '../api/desk';
import { MalfunctionPhotos } from '../../../components/malfunction/malfunction-photos';
import { MalfunctionStatusChip } from '../../../components/malfunction/malfunction-status';
import { placeOf } from '../components/malfunction-summary';
import { MalfunctionTimeline } from '../components/malfunction-timeline';

/** The machine is the heading: fetched before the screen shows (no layout shift). */
export const prefetch = ({ params, queryClient }: PrefetchArgs) =>
  queryClient.ensureQueryData(assignedMalfunctionQuery(Number(params.id)));

/**
 * mechanic/malfunctions/{id}: a malfunction assigned to the user, read-only: what was reported,
 * where the machine is, whom to call ("Bereikbaar op"), the report it was planned on, the photos
 * and the timeline. The office handles it; the mechanic's part is the report.
 */
export default function AssignedMalfunction() {
  const id = Number(useParams().id);
  const { data: m, error, isPending } = useAssignedMalfunction(id);
  if (isPending) return <PageLoader />;
  if (error || !m) return <Alert severity="error">{errorMessage(error)}</Alert>;
  const reporter = reporterOf(m);
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageHeader
        title={`Storing ${m.machine_name}`}
        crumbs={[
          { label: MALFUNCTION_TEXT.mineForMechanic, to: '/mechanic/malfunctions' },
          { label: `${m.machine_name} (${m.inventory_number})` },
        ]}
      />
      <DetailCard
        columns={{ xs: '1fr', sm: '1fr 1fr' }}
        before={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
            <MalfunctionStatusChip status={m.status} />
            {showsUrgent(m) && <StatusChip tone="error" variant="filled" label={MALFUNCTION_URGENCY_LABELS.urgent} />}
          </Box>
        }
      >
        <ReportedTexts malfunction={m} />
        <DetailItem label="Machine">
          {m.machine_name} ({m.inventory_number})
        </DetailItem>
        <DetailItem label="Klant">{m.customer_name}</DetailItem>
        <DetailItem label="Plaats">{placeOf(m)}</DetailItem>
        <DetailItem label={MALFUNCTION_TEXT.contactPhone}>
          {m.contact_phone ? (
            <Link href={`tel:${m.contact_phone}`} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <PhoneIcon fontSize="small" aria-hidden />
              {m.contact_phone}
            </Link>
          ) : (
            '-'
          )}
        </DetailItem>
        <DetailItem label="Gemeld door">{reporter ?? '-'}</DetailItem>
        <DetailItem label="Gemeld op">{formatDateTime(m.reported_at)}</DetailItem>
      </DetailCard>
      <DetailSection title="Planning">
        {m.planned ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography sx={{ flexGrow: 1 }}>
              Ingepland op {formatDay(m.planned.date)} ({REPORT_STATUS_LABELS[m.planned.report_status]})
            </Typography>
            <Button
              component={RouterLink}
              to={`/mechanic/report/${m.planned.report_id}`}
              variant="contained"
              startIcon={<AssignmentIcon />}
            >
              {m.planned.report_status === 'open' ? 'Rapport invullen' : 'Rapport bekijken'}
            </Button>
          </Box>
        ) : (
          <Typography color="text.secondary">Nog niet ingepland.</Typography>
        )}
      </DetailSection>
      <DetailSection title="Foto's">
        <MalfunctionPhotos photos={m.photos} />
      </DetailSection>
      <DetailSection title="Tijdlijn">
        <MalfunctionTimeline events={m.events} />
      </DetailSection>
    </Box>
  );
}
