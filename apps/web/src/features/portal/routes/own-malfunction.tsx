import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  MALFUNCTION_TEXT,
  MALFUNCTION_URGENCY_LABELS,
  isActiveMalfunction,
  showsUrgent,
  type OwnMalfunctionDetail,
} from '@keurwijzer/shared/malfunctions';
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

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ minWidth: 0, p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography variant="h2" id={id} sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** What was reported and where it stands: status, urgency, the deadline, the note and the report. */
function Summary({ m }: { m: OwnMalfunctionDetail }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}
      >
        <Item label="Status">
          <Box component="span" sx={{ display: 'inline-block', mt: 0.5 }}>
            <MalfunctionStatusChip status={m.status} />
          </Box>
        </Item>
        <Item label={MALFUNCTION_TEXT.urgency}>
          {showsUrgent(m) ? (
            <Chip
              size="small"
              color="error"
              variant="outlined"
              label={MALFUNCTION_URGENCY_LABELS.urgent}
              sx={{ mt: 0.5, maxWidth: '100%' }}
            />
          ) : (
            // Resolved or withdrawn: what was said, without the marker.
            MALFUNCTION_URGENCY_LABELS[m.urgent ? 'urgent' : 'normal']
          )}
        </Item>
        <Item label="Machine">
          <Link component={RouterLink} to={`/machines/${m.machine_id}`}>
            {m.machine_name}
          </Link>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {m.inventory_number}
          </Typography>
        </Item>
        <Item label="Gemeld op">
          {formatDateTime(m.reported_at)}
          {m.reported_by_name && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {m.reported_by_name}
            </Typography>
          )}
        </Item>
        {isActiveMalfunction(m.status) && m.respond_by && (
          <Item label={MALFUNCTION_TEXT.respondBy}>{formatDateTime(m.respond_by)}</Item>
        )}
        {m.contact_phone && <Item label={MALFUNCTION_TEXT.contactPhone}>{m.contact_phone}</Item>}
        {m.resolved_at && <Item label="Opgelost op">{formatDateTime(m.resolved_at)}</Item>}
        <Item label="Omschrijving" wide>
          {m.description}
        </Item>
        {m.remark && (
          <Item label="Opmerking" wide>
            {m.remark}
          </Item>
        )}
        {m.customer_note && (
          <Item label="Toelichting" wide>
            {m.customer_note}
          </Item>
        )}
        {m.report && (
          <Item label={MALFUNCTION_TEXT.reportLink} wide>
            <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
              <Link component={RouterLink} to={`/machines/${m.machine_id}/reports/${m.report.id}`}>
                Rapport van {formatDateTime(m.report.submitted_at)} bekijken
              </Link>
              <ReportPdfButton reportId={m.report.id} path={portalPaths.pdf(m.machine_id, m.report.id)} />
            </Box>
          </Item>
        )}
      </Box>
    </Paper>
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
            <Section title={MALFUNCTION_TEXT.comment}>
              <MalfunctionCommentForm key={m.id} malfunctionId={m.id} />
            </Section>
          )}
          <Section title="Tijdlijn">
            <OwnMalfunctionTimeline events={m.events} />
          </Section>
        </Box>
        {m.photos.length > 0 && (
          <Section title="Foto's">
            <MalfunctionPhotos photos={m.photos} />
          </Section>
        )}
      </Box>
      {withdrawing && <WithdrawMalfunctionDialog malfunctionId={m.id} onClose={() => setWithdrawing(false)} />}
    </Box>
  );
}
