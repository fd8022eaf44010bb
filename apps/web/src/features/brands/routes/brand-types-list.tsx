import { useParams } from 'react-router';
import type { BrandType } from '@keurwijzer/shared/master-data';
import { CrudListPage } from '../../../components/table/crud-list-page';
import { formatDate } from '../../../lib/format';
import { brandTypesResource, brandsResource } from '../../../lib/api/brands';

/** admin/brands/{id}/types */
export default function BrandTypesList() {
  const brandId = Number(useParams().id);
  const { data: brand } = brandsResource.useItem(brandId);
  const name = brand?.name ?? '…';
  return (
    <CrudListPage<BrandType>
      resource={brandTypesResource}
      parentId={brandId}
      title={`Typen van ${name}`}
      crumbs={[{ label: 'Merken', to: '/admin/brands' }, { label: name }]}
      newLabel="Nieuw type"
      newTo={`/admin/brands/${brandId}/create`}
      noun="type"
      editTo={(t) => `/admin/brands/${brandId}/types/${t.id}/edit`}
      columns={[
        { key: 'name', label: 'Naam', sortable: true, render: (t) => t.name },
        {
          key: 'created_at',
          label: 'Toegevoegd',
          sortable: true,
          hideBelow: 'sm',
          render: (t) => formatDate(t.created_at),
        },
      ]}
    />
  );
}
