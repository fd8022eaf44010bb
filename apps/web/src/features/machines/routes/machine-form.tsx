import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { MachineInputSchema, type Machine, type MachineFormValues } from '@keurwijzer/shared/machines';
import { INSPECTION_TYPES, type InspectionType } from '@keurwijzer/shared/questionnaires';
import { CrudFormPage } from '../../../components/form/crud-form-page';
import { usePlacementCrumbs } from '../../../components/layout/use-placement-crumbs';
import { machinesResource } from '../../../lib/api/machines';
import { MachineFields } from '../components/machine-fields';
import { MachineDueCard } from '../../../components/machine/machine-due-card';
import { MachineImages } from '../components/machine-images';
import { MachineLatestReports } from '../components/machine-latest-reports';
import { MachineMoves } from '../components/machine-moves';
import { auditPaths } from '../../../lib/api/audit';
import { HistoryCard } from '../../../components/history/history-card';

/** "1234,50" for the price field (cents in, Dutch decimal comma out). */
const priceText = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2).replace('.', ','));

/** The form's values: what the user sees and types, sent as they are (the server parses them). */
const valuesOf = (m: Machine | undefined): MachineFormValues => ({
  name: m?.name ?? '',
  inventory_number: m?.inventory_number ?? '',
  factory_number: m?.factory_number ?? '',
  manufacturer: m?.manufacturer ?? '',
  manufacture_year: m?.manufacture_year ?? '',
  location_id: m?.location_id ?? '',
  department_id: m?.department_id ?? '',
  room_id: m?.room_id ?? '',
  machine_type_id: m?.machine_type_id ?? '',
  brand_id: m?.brand_id ?? '',
  brand_type_id: m?.brand_type_id ?? '',
  price: priceText(m?.price_cents ?? null),
  // A concept machine sends no status: it stays Concept until approved.
  status: m?.status === 'concept' ? '' : (m?.status ?? 'active'),
  ...(Object.fromEntries(INSPECTION_TYPES.map((t) => [`questionnaire_${t}`, m?.questionnaires[t] ?? ''])) as Record<
    `questionnaire_${InspectionType}`,
    number | ''
  >),
});

/** A card of another feature about one machine. */
type MachineCard = ComponentType<{ customerId: number; machineId: number }>;
/** The cards of other features the machine's form shows (app/routes/machine-form.tsx passes them in). */
export type MachineCards = { IntervalsCard: MachineCard; LabelCard: MachineCard };

/** admin/customers/{id}/machines/create and .../machines/{machineId}/edit */
export default function MachineForm({ IntervalsCard, LabelCard }: MachineCards) {
  const params = useParams();
  const customerId = Number(params.id);
  const crumbs = usePlacementCrumbs({ customerId });
  const back = `/admin/customers/${customerId}/machines`;
  const machineId = params.machineId ? Number(params.machineId) : undefined;
  return (
    <>
      <CrudFormPage
        resource={machinesResource}
        parentId={customerId}
        id={params.machineId ? Number(params.machineId) : undefined}
        schema={MachineInputSchema}
        values={valuesOf}
        title={(m) => (m ? `${m.name} wijzigen` : 'Nieuwe machine')}
        crumbs={(m) => [
          ...crumbs.slice(0, 2),
          { label: 'Machines', to: back },
          { label: m ? m.name : 'Nieuwe machine' },
        ]}
        backTo={back}
        fields={(control, m) => <MachineFields control={control} customerId={customerId} status={m?.status} />}
      />
      {machineId !== undefined && (
        <>
          <IntervalsCard customerId={customerId} machineId={machineId} />
          <MachineDueCard customerId={customerId} machineId={machineId} />
          <LabelCard customerId={customerId} machineId={machineId} />
          <MachineLatestReports customerId={customerId} machineId={machineId} />
          <MachineImages customerId={customerId} machineId={machineId} />
          <MachineMoves customerId={customerId} machineId={machineId} />
          <HistoryCard family="machines" path={auditPaths.machine(customerId, machineId)} id="machine-history" />
        </>
      )}
    </>
  );
}
