import { useState, type ReactNode } from 'react';
import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import { MACHINE_STATUS_LABELS, OWN_MACHINE_FILTER_KEYS, OWN_MACHINE_STATUSES } from '@keurwijzer/shared/machines';
import { MALFUNCTION_TEXT } from '@keurwijzer/shared/malfunctions';
import type { OwnMachine } from '@keurwijzer/shared/portal';
import { ListPage } from '../../../components/table/list-page';
import { FilterSelect } from '../../../components/table/filter-select';
import { useListFilters } from '../../../components/table/list-state';
import { RowAction } from '../../../components/table/row-action';
import { useDataTableQuery } from '../../../components/table/use-data-table-query';
import { useCurrentUser } from '../../../lib/api/auth';
import { InventoryExportButton } from '../../../components/machine/inventory-export-button';
import { ownMachineResource } from '../../../lib/api/portal';
import { DUE_FILTERS } from '@keurwijzer/shared/compliance';
import { useOwnSummary } from '../../../lib/api/overview';
import { ComplianceSummary } from '../components/compliance-summary';
import { DueStateFilter } from '../../../components/machine/machine-due';
import { OwnMachineCard, ownMachineColumns } from '../components/own-machine-list';
import { ReportMalfunctionDialog } from '../components/report-malfunction-dialog';
import { labelOptions } from '../../../lib/label-options';

/**
 * machines: the customer's own machines in use, with search, location, status and due state filters and the inventory
 * list; per machine its latest report dates and an open malfunction; a row opens the machine,
 * its action reports a malfunction. On a phone the rows are cards. `certificates` is the
 * certificates feature's Keuringsoverzicht button (app/routes/own-machines.tsx passes it in).
 */
export default function OwnMachines({ certificates }: { certificates: ReactNode }) {
  const user = useCurrentUser();
  const [filters, setFilter] = useListFilters(OWN_MACHINE_FILTER_KEYS);
  const [reporting, setReporting] = useState<OwnMachine | null>(null);
  // Every filter of the URL goes to the list: the summary's links set them (summaryHref).
  const { location_id, status, due_state } = filters;
  const table = useDataTableQuery({
    useList: ownMachineResource.useList,
    defaults: { sortKey: 'name' },
    filters: { location_id, status, due_state },
  });
  // The locations the summary counts are the ones with machines the customer sees.
  const locations = useOwnSummary().data?.locations ?? [];

  return (
    <>
      <ListPage<OwnMachine>
        title="Mijn machines"
        crumbs={user.customer_name ? [{ label: user.customer_name }] : undefined}
        headerActions={
          <>
            {certificates}
            <InventoryExportButton path="/api/machines/export" filters={{ location_id, status, due_state }} />
          </>
        }
        {...table}
        rowKey={(m) => m.id}
        searchLabel="Zoeken op naam, inventaris- of fabrieksnummer"
        filters={
          <>
            <FilterSelect
              label="Vestiging"
              value={location_id}
              options={locations.map((l) => ({ value: l.location_id, label: l.location_name }))}
              onChange={(v) => setFilter('location_id', v)}
            />
            <FilterSelect
              label="Status"
              value={status}
              options={labelOptions(OWN_MACHINE_STATUSES, MACHINE_STATUS_LABELS)}
              onChange={(v) => setFilter('status', v)}
            />
            <DueStateFilter value={due_state} onChange={(v) => setFilter('due_state', v)} states={DUE_FILTERS} />
          </>
        }
        columns={ownMachineColumns()}
        actions={(m) => (
          <RowAction
            label={`${MALFUNCTION_TEXT.report}: ${m.name}`}
            text={MALFUNCTION_TEXT.report}
            icon={<ReportProblemIcon />}
            onClick={() => setReporting(m)}
          />
        )}
        renderCard={(m) => <OwnMachineCard machine={m} onReport={() => setReporting(m)} />}
      >
        <ComplianceSummary />
      </ListPage>
      {reporting && <ReportMalfunctionDialog machine={reporting} onClose={() => setReporting(null)} />}
    </>
  );
}
