import { useParams } from 'react-router';
import { NamedFormPage } from '../../../components/form/named-form-page';
import { brandTypesResource, brandsResource } from '../../../lib/api/brands';

/** admin/brands/{id}/create and admin/brands/{id}/types/{typeId}/edit */
export default function BrandTypeForm() {
  const params = useParams();
  const brandId = Number(params.id);
  const { data: brand } = brandsResource.useItem(brandId);
  const brandName = brand?.name ?? '…';
  const back = `/admin/brands/${brandId}/types`;
  return (
    <NamedFormPage
      resource={brandTypesResource}
      parentId={brandId}
      id={params.typeId ? Number(params.typeId) : undefined}
      newTitle={`Nieuw type voor ${brandName}`}
      crumbs={[
        { label: 'Merken', to: '/admin/brands' },
        { label: brandName, to: back },
      ]}
      backTo={back}
    />
  );
}
