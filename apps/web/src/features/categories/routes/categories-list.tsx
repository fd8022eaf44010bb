import type { Category } from '@keurwijzer/shared/master-data';
import { CrudListPage } from '../../../components/table/crud-list-page';
import { formatDate } from '../../../lib/format';
import { categoriesResource } from '../api/categories';

/** admin/categories */
export default function CategoriesList() {
  return (
    <CrudListPage<Category>
      resource={categoriesResource}
      title="Categorieën"
      newLabel="Nieuwe categorie"
      base="/admin/categories"
      noun="categorie"
      columns={[
        { key: 'name', label: 'Naam', sortable: true, render: (c) => c.name },
        {
          key: 'questionnaires_count',
          label: 'In vragenlijsten',
          align: 'right',
          render: (c) => c.questionnaires_count,
        },
        {
          key: 'created_at',
          label: 'Toegevoegd',
          sortable: true,
          hideBelow: 'sm',
          render: (c) => formatDate(c.created_at),
        },
      ]}
    />
  );
}
