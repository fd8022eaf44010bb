import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import { MALFUNCTION_TEXT } from '@keurwijzer/shared/malfunctions';
import type { OwnMachineDetail } from '@keurwijzer/shared/portal';
import { PageHeader } from '../../../components/layout/page-header';
import { formatDateTime } from '../../../lib/format';
import type { PrefetchArgs } from '../../../lib/screen';
import { ownMachineQuery, useOwnMachine } from '../../../lib/api/portal';
import { PhotoGallery } from '../../../components/photo/photo-gallery';
import { MalfunctionStatusChip } from '../../../components/malfunction/malfunction-status';
import { CustomerNote, malfunctionDates } from '../components/malfunction-status';
import { MachineDuePanel } from '../../../components/machine/machine-due';
import { OwnLatestReports } from '../components/own-latest-reports';
import { ReportMalfunctionDialog } from '../components/report-malfunction-dialog';
import { QueryContent } from '../../../components/feedback/query-content';

/** The machine's name is the heading: fetched before the screen shows, so nothing moves when it arrives. */
export const prefetch = ({ params, queryClient }: PrefetchArgs) =>
  queryClient.ensureQueryData(ownMachineQuery(Number(params.id)));

/** A card with a heading of its own (a section of the screen). */
function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, minHeight: 36 }}>
          <Typography variant="h2" id={id} sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** The machine's data as a definition list: two columns, each label above its value. */
function MachineData({ machine: m }: { machine: OwnMachineDetail }) {
  const fields: [string, ReactNode][] = [
    ['Vestiging', m.location_name],
    ['Afdeling', m.department_name],
    ['Ruimte', m.room_name],
    ['Machinetype', m.machine_type_name],
    ['Merk en type', [m.brand_name, m.brand_type_name].filter(Boolean).join(' ')],
    ['Inventarisnummer', m.inventory_number],
    ['Fabrieksnummer', m.factory_number],
    ['Bouwjaar', m.manufacture_year],
  ];
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', columnGap: 2, rowGap: 1.5, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}
    >
      {fields.map(([label, value]) => (
        <Box key={label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value || '–'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The machine's malfunctions, newest first, each with its status and dates. */
function MachineMalfunctions({ machine }: { machine: OwnMachineDetail }) {
  if (machine.malfunctions.length === 0) return <Typography color="text.secondary">Geen storingen gemeld.</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {machine.malfunctions.map((f) => (
        <Box component="li" key={f.id} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <Typography sx={{ flexGrow: 1, minWidth: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {/* The malfunction's own screen: its timeline, a comment, "Storing intrekken". */}
              <Link component={RouterLink} to={`/malfunctions/${f.id}`}>
                {f.description}
              </Link>
            </Typography>
            <MalfunctionStatusChip status={f.status} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {malfunctionDates(f)}
          </Typography>
          {f.remark && (
            <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              Opmerking: {f.remark}
            </Typography>
          )}
          {f.photos.length > 0 && (
            <Box sx={{ mt: 1, maxWidth: 240 }}>
              <PhotoGallery
                images={f.photos}
                name={`de storing van ${formatDateTime(f.reported_at)}`}
                kind="Foto"
                thumbWidth={64}
              />
            </Box>
          )}
          <CustomerNote note={f.customer_note} />
        </Box>
      ))}
    </Box>
  );
}

/**
 * machines/{id}: the customer's machine (its data, images, due state and latest report per type, malfunctions)
 * with a prominent "Storing melden".
 */
export default function OwnMachine() {
  const id = Number(useParams().id);
  const { data: machine, error } = useOwnMachine(id);
  const [reporting, setReporting] = useState(false);
  const name = machine?.name ?? '…';
  const place = machine ? [machine.location_name, machine.department_name, machine.room_name].filter(Boolean) : [];

  return (
    <>
      <PageHeader title={name} crumbs={[{ label: 'Mijn machines', to: '/machines' }, { label: name }]} />
      {machine && (
        // Under the heading: the number and place, and "Storing melden" (on a phone the whole width).
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mt: -2, mb: 2 }}>
          <Typography color="text.secondary" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {machine.inventory_number} · {place.join(' > ')}
          </Typography>
          <Button
            variant="contained"
            color="warning"
            size="large"
            startIcon={<ReportProblemIcon />}
            onClick={() => setReporting(true)}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {MALFUNCTION_TEXT.report}
          </Button>
        </Box>
      )}
      <QueryContent error={error} data={machine}>
        {(machine) => (
          <>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
              }}
            >
              <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
                <Section id="machine-data" title="Gegevens">
                  <MachineData machine={machine} />
                </Section>
                {machine.images.length > 0 && (
                  <Section id="machine-images" title="Afbeeldingen">
                    <PhotoGallery images={machine.images} name={machine.name} />
                  </Section>
                )}
              </Box>
              <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
                <Section id="machine-due" title="Keuringsstatus">
                  <MachineDuePanel due={machine.due} reportPath={(reportId) => `/machines/${id}/reports/${reportId}`} />
                </Section>
                <Section
                  id="machine-latest-reports"
                  title="Laatste rapporten"
                  action={
                    <Button component={RouterLink} to={`/machines/${id}/reports`} size="small">
                      Alle rapporten
                    </Button>
                  }
                >
                  <OwnLatestReports machineId={id} latest={machine.latest_reports} />
                </Section>
                <Section id="machine-malfunctions" title="Storingen">
                  <MachineMalfunctions machine={machine} />
                </Section>
              </Box>
            </Box>
            {reporting && <ReportMalfunctionDialog machine={machine} onClose={() => setReporting(false)} />}
          </>
        )}
      </QueryContent>
    </>
  );
}
