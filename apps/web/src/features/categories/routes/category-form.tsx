import { useParams } from 'react-router';
import { NamedFormPage } from '../../../components/form/named-form-page';
import { categoriesResource } from '../api/categories';

/** admin/categories/create and admin/categories/{id}/edit */
export default function CategoryForm() {
  const { id } = useParams();
  return (
    <NamedFormPage
      resource={categoriesResource}
      id={id ? Number(id) : undefined}
      newTitle="Nieuwe categorie"
      crumbs={[{ label: 'Categorieën', to: '/admin/categories' }]}
      backTo="/admin/categories"
    />
  );
}
