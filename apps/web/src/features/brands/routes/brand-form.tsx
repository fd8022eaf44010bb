import { useParams } from 'react-router';
import { NamedFormPage } from '../../../components/form/named-form-page';
import { brandsResource } from '../../../lib/api/brands';

/** admin/brands/create and admin/brands/{id}/edit */
export default function BrandForm() {
  const { id } = useParams();
  return (
    <NamedFormPage
      resource={brandsResource}
      id={id ? Number(id) : undefined}
      newTitle="Nieuw merk"
      crumbs={[{ label: 'Merken', to: '/admin/brands' }]}
      backTo="/admin/brands"
    />
  );
}
