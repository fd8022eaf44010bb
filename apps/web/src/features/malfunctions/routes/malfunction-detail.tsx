import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { roleCan } from '@keurwijzer/shared/permissions';
import { DetailSection } from '../../../components/display/details';
import { PageLoader } from '../../../components/feedback/page-loader';
import { PageHeader } from '../../../components/layout/page-header';
import { errorMessage } from '../../../lib/api-client';
import type { PrefetchArgs } from '../../../lib/screen';
import { useCurrentUser } from '../../../lib/api/auth';
import { malfunctionQuery, useMalfunction } from '../api/malfunctions';
import { MalfunctionHandling } from '../components/malfunction-handling';
import { MalfunctionPhotos } from '../../../components/malfunction/malfunction-photos';
import { MalfunctionPlanning } from '../components/malfunction-planning';
import { MalfunctionSummary } from '../components/malfunction-summary';
import { MalfunctionTimeline } from '../components/malfunction-timeline';

/** The machine is the heading: fetched before the screen shows (no layout shift). */
export const prefetch = ({ params, queryClient }: PrefetchArgs) =>
  queryClient.ensureQueryData(malfunctionQuery(Number(params.id)));

/** admin/malfunctions/{id}: the whole malfunction, its handling and its timeline. */
export default function MalfunctionDetail() {
  const id = Number(useParams().id);
  const user = useCurrentUser();
  const { data: m, error, isPending } = useMalfunction(id);
  if (isPending) return <PageLoader />;
  if (error || !m) return <Alert severity="error">{errorMessage(error)}</Alert>;
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <PageHeader
        title={`Storing ${m.machine_name}`}
        crumbs={[
          { label: 'Storingen', to: '/admin/malfunctions' },
          { label: `${m.machine_name} (${m.inventory_number})` },
        ]}
      />
      <MalfunctionSummary malfunction={m} />
      {/* Phone: photos, handling, timeline. From lg the handling on the left, photos and timeline beside it. */}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          gridTemplateAreas: { xs: '"photos" "handling" "timeline"', lg: '"handling photos" "handling timeline"' },
          gridTemplateRows: { lg: 'auto 1fr' },
          columnGap: 3,
          alignItems: 'start',
        }}
      >
        <Box sx={{ gridArea: 'handling', minWidth: 0 }}>
          <MalfunctionHandling key={m.id} malfunction={m} canManage={roleCan(user.role, 'malfunctions.manage')} />
          <MalfunctionPlanning malfunction={m} canManage={roleCan(user.role, 'malfunctions.manage')} />
        </Box>
        <DetailSection title="Foto's" sx={{ gridArea: 'photos' }}>
          <MalfunctionPhotos photos={m.photos} />
        </DetailSection>
        <DetailSection title="Tijdlijn" sx={{ gridArea: 'timeline' }}>
          <MalfunctionTimeline events={m.events} />
        </DetailSection>
      </Box>
    </Box>
  );
}
