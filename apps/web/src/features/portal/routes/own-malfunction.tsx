import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  MALFUNCTION_TEXT,
  MALFUNCTION_URGENCY_LABELS,
  isActiveMalfunction,
  showsUrgent,
  type OwnMalfunctionDetail,
} from '@keurwijzer/shared/malfunctions';
import { DetailCard, DetailItem, DetailSection } from '../../../components/display/details';
import { StatusChip } from '../../../components/display/status-chip';
import { MachineItem, ReportedTexts } from '../../../components/malfunction/malfunction-items';
import { PageLoader } from '../../../components/feedback/page-loader';
import { PageHeader } from '../../../components/layout/page-header';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import type { PrefetchArgs } from '../../../lib/screen';
import { MalfunctionPhotos } from '../../../components/malfunction/malfunction-photos';
import { MalfunctionStatusChip } from '../../../components/malfunction/malfunction-status';
import { ReportPdfButton } from '../../../components/report/report-pdf-button';
import { ownMalfunctionQuery, useOwnMalfunction } from '../api/own-malfunction';
import { portalPaths } from '../../../lib/api/portal';
import { MalfunctionCommentForm } from '../components/malfunction-comment-form';
import { OwnMalfunctionTimeline } from '../components/own-malfunction-timeline';
import { WithdrawMalfunctionDialog } from '../components/withdraw-malfunction-dialog';

/** The machine is the heading: fetched with the screen's code (no layout shift). */
export const prefetch = ({ params, queryClient }: PrefetchArgs) =>
  queryClient.ensureQueryData(ownMalfunctionQuery(Number(params.id)));

/** What was reported and where it stands: status, urgency, the deadline, the note and the report. */
function Summary({ m }: { m: OwnMalfunctionDetail }) {
  return (
    <DetailCard>
      <DetailItem label="Status">
        <Box component="span" sx={{ display: 'inline-block', mt: 0.5 }}>
          <MalfunctionStatusChip status={m.status} />
        </Box>
      </DetailItem>
      <DetailItem label={MALFUNCTION_TEXT.urgency}>
        {showsUrgent(m) ? (
          <StatusChip tone="error" label={MALFUNCTION_URGENCY_LABELS.urgent} sx={{ mt: 0.5, maxWidth: '100%' }} />
        ) : (
          // Resolved or withdrawn: what was said, without the marker.
          MALFUNCTION_URGENCY_LABELS[m.urgent ? 'urgent' : 'normal']
        )}
      </DetailItem>
      <MachineItem malfunction={m} to={`/machines/${m.machine_id}`} />
      <DetailItem label="Gemeld op">
        {formatDateTime(m.reported_at)}
        {m.reported_by_name && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {m.reported_by_name}
          </Typography>
        )}
      </DetailItem>
      {isActiveMalfunction(m.status) && m.respond_by && (
        <DetailItem label={MALFUNCTION_TEXT.respondBy}>{formatDateTime(m.respond_by)}</DetailItem>
      )}
      {m.contact_phone && <DetailItem label={MALFUNCTION_TEXT.contactPhone}>{m.contact_phone}</DetailItem>}
      {m.resolved_at && <DetailItem label="Opgelost op">{formatDateTime(m.resolved_at)}</DetailItem>}
      <ReportedTexts malfunction={m} />
      {m.customer_note && (
        <DetailItem label="Toelichting" wide>
          {m.customer_note}
        </DetailItem>
      )}
      {m.report && (
        <DetailItem label={MALFUNCTION_TEXT.reportLink} wide>
          <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
            <Link component={RouterLink} to={`/machines/${m.machine_id}/reports/${m.report.id}`}>
              Rapport van {formatDateTime(m.report.submitted_at)} bekijken
            </Link>
            <ReportPdfButton reportId={m.report.id} path={portalPaths.pdf(m.machine_id, m.report.id)} />
          </Box>
        </DetailItem>
      )}
    </DetailCard>
  );
}

/**
 * malfunctions/{id}: the customer's malfunction, its timeline, a comment and "Storing intrekken"
 * (while Open or In behandeling; a closed one only reads).
 */
export default function OwnMalfunction() {
  const id = Number(useParams().id);
  const { data: m, error, isPending } = useOwnMalfunction(id);
  const [withdrawing, setWithdrawing] = useState(false);
  if (isPending) return <PageLoader />;
  if (error || !m) return <Alert severity="error">{errorMessage(error)}</Alert>;
  const active = isActiveMalfunction(m.status);
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <PageHeader
        title={`Storing ${m.machine_name}`}
        crumbs={[
          { label: MALFUNCTION_TEXT.mine, to: '/malfunctions' },
          { label: `${m.machine_name} (${m.inventory_number})`, hideBelow: 'sm' },
        ]}
        actions={
          active && (
            <Button variant="outlined" color="error" onClick={() => setWithdrawing(true)}>
              {MALFUNCTION_TEXT.withdraw}
            </Button>
          )
        }
      />
      <Summary m={m} />
      {!active && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {MALFUNCTION_TEXT.closed}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          // The report's photos beside the rest from lg; without photos the rest alone.
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            lg: m.photos.length > 0 ? 'minmax(0, 3fr) minmax(0, 2fr)' : 'minmax(0, 1fr)',
          },
          columnGap: 3,
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          {active && (
            <DetailSection title={MALFUNCTION_TEXT.comment}>
              <MalfunctionCommentForm key={m.id} malfunctionId={m.id} />
            </DetailSection>
          )}
          <DetailSection title="Tijdlijn">
            <OwnMalfunctionTimeline events={m.events} />
          </DetailSection>
        </Box>
        {m.photos.length > 0 && (
          <DetailSection title="Foto's">
            <MalfunctionPhotos photos={m.photos} />
          </DetailSection>
        )}
      </Box>
      {withdrawing && <WithdrawMalfunctionDialog malfunctionId={m.id} onClose={() => setWithdrawing(false)} />}
    </Box>
  );
}
