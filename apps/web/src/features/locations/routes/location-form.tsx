import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { LocationInputSchema } from '@keurwijzer/shared/customers';
import { CrudFormPage } from '../../../components/form/crud-form-page';
import { TextFieldElement } from '../../../components/form/form-fields';
import { locationsResource } from '../../../lib/api/locations';
import { AddressFields } from '../../../components/form/address-fields';
import { usePlacementCrumbs } from '../../../components/layout/use-placement-crumbs';

/** The labels card of a location (the labels feature's; app/routes/location-form.tsx passes it in). */
export type LocationCards = { LabelsCard: ComponentType<{ customerId: number; locationId: number }> };

/** admin/customers/{id}/locations/create and .../locations/{locationId}/edit */
export default function LocationForm({ LabelsCard }: LocationCards) {
  const params = useParams();
  const customerId = Number(params.id);
  const crumbs = usePlacementCrumbs({ customerId });
  return (
    <CrudFormPage
      resource={locationsResource}
      parentId={customerId}
      id={params.locationId ? Number(params.locationId) : undefined}
      schema={LocationInputSchema}
      values={(l) => ({
        name: l?.name ?? '',
        street: l?.street ?? '',
        house_number: l?.house_number ?? '',
        addition: l?.addition ?? '',
        postcode: l?.postcode ?? '',
        city: l?.city ?? '',
      })}
      title={(l) => (l ? `${l.name} wijzigen` : 'Nieuwe vestiging')}
      crumbs={(l) => [...crumbs, { label: l ? l.name : 'Nieuwe vestiging' }]}
      backTo={`/admin/customers/${customerId}/locations`}
      aside={
        params.locationId ? <LabelsCard customerId={customerId} locationId={Number(params.locationId)} /> : undefined
      }
      fields={(control) => (
        <>
          <TextFieldElement name="name" control={control} label="Naam" required autoFocus />
          <AddressFields control={control} required />
        </>
      )}
    />
  );
}
