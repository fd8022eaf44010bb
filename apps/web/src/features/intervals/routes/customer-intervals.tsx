import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DUE_TYPES, type DueType } from '@keurwijzer/shared/compliance';
import {
  CustomerIntervalsFormSchema,
  intervalFormValues,
  INTERVALS_TEXT,
  type CustomerIntervalRow,
  type CustomerIntervalsFormValues,
} from '@keurwijzer/shared/intervals';
import { FormPage } from '../../../components/form/form-page';
import { useZodForm } from '../../../components/form/use-zod-form';
import { EmptyState } from '../../../components/feedback/empty-state';
import { useNotify } from '../../../components/feedback/notifications';
import { PageLoader } from '../../../components/feedback/page-loader';
import { PageHeader } from '../../../components/layout/page-header';
import { useDocumentTitle } from '../../../components/layout/document-title';
import { errorMessage } from '../../../lib/api-client';
import { usePlacementCrumbs } from '../../../components/layout/use-placement-crumbs';
import { useCustomerIntervals, useSaveCustomerIntervals } from '../../../lib/api/intervals';
import { IntervalFields } from '../../../components/form/interval-fields';

const TITLE = 'Keuringsintervallen';

/** The placeholder of a field: the machine type's default ("12 maanden"), or "Geen interval". */
const placeholdersOf = (row: CustomerIntervalRow) =>
  Object.fromEntries(
    DUE_TYPES.map((t) => [t, row.defaults[t] === null ? INTERVALS_TEXT.none : INTERVALS_TEXT.months(row.defaults[t])]),
  ) as Record<DueType, string>;

const valuesOf = (rows: CustomerIntervalRow[]): CustomerIntervalsFormValues => ({
  intervals: rows.map((r) => ({ machine_type_id: r.machine_type_id, ...intervalFormValues(r.overrides) })),
});

/**
 * admin/customers/{id}/intervals: per machine type of the customer's machines, the intervals of
 * Keuring, Onderhoud and Veiligheid. The machine type's default is the placeholder; a number
 * overrides it for this customer, an empty field takes the default again.
 */
export default function CustomerIntervals() {
  const customerId = Number(useParams().id);
  const crumbs = usePlacementCrumbs({ customerId });
  const { data: rows, error, isPending } = useCustomerIntervals(customerId);
  useDocumentTitle(TITLE);
  const header = <PageHeader title={TITLE} crumbs={[...crumbs.slice(0, 2), { label: TITLE }]} />;
  if (isPending) return <PageLoader />;
  if (error)
    return (
      <>
        {header}
        <Alert severity="error">{errorMessage(error)}</Alert>
      </>
    );
  if (rows.length === 0)
    return (
      <>
        {header}
        <EmptyState title="Geen machinetypes">{INTERVALS_TEXT.noMachineTypes}</EmptyState>
      </>
    );
  return <IntervalsForm customerId={customerId} rows={rows} crumbs={crumbs.slice(0, 2)} />;
}

function IntervalsForm({
  customerId,
  rows,
  crumbs,
}: {
  customerId: number;
  rows: CustomerIntervalRow[];
  crumbs: ReturnType<typeof usePlacementCrumbs>;
}) {
  const navigate = useNavigate();
  const notify = useNotify();
  const save = useSaveCustomerIntervals(customerId);
  const form = useZodForm(CustomerIntervalsFormSchema, valuesOf(rows));
  const back = `/admin/customers/${customerId}/machines`;
  return (
    <FormPage
      title={TITLE}
      crumbs={[...crumbs, { label: TITLE }]}
      form={form}
      cancelTo={back}
      draftKey={`/admin/customers/${customerId}/intervals`}
      onSubmit={async (values) => {
        const res = await save.mutateAsync(values);
        if (res.message) notify(res.message);
        await navigate(back);
      }}
    >
      <Typography color="text.secondary">{INTERVALS_TEXT.customerIntro}</Typography>
      {rows.map((row, i) => (
        <Box
          key={row.machine_type_id}
          sx={{ pt: 2, borderTop: 1, borderColor: 'divider' }}
          data-machine-type={row.machine_type_id}
        >
          <IntervalFields
            control={form.control}
            prefix={`intervals.${i}.`}
            title={row.machine_type_name}
            hint={`${row.machine_count === 1 ? '1 machine' : `${row.machine_count} machines`} · ${INTERVALS_TEXT.overrideHint}`}
            placeholders={placeholdersOf(row)}
          />
        </Box>
      ))}
    </FormPage>
  );
}
