import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import type { Brand } from '@keurwijzer/shared/master-data';
import { CrudListPage } from '../../../components/table/crud-list-page';
import { RowAction } from '../../../components/table/row-action';
import { formatDate } from '../../../lib/format';
import { brandsResource } from '../../../lib/api/brands';

/** admin/brands */
export default function BrandsList() {
  return (
    <CrudListPage<Brand>
      resource={brandsResource}
      title="Merken"
      newLabel="Nieuw merk"
      base="/admin/brands"
      noun="merk"
      rowActions={(b) => <RowAction label="Typen" icon={<CategoryIcon />} to={`/admin/brands/${b.id}/types`} />}
      columns={[
        { key: 'name', label: 'Naam', sortable: true, render: (b) => b.name },
        { key: 'types_count', label: 'Typen', sortable: true, align: 'right', render: (b) => b.types_count },
        {
          key: 'created_at',
          label: 'Toegevoegd',
          sortable: true,
          hideBelow: 'sm',
          render: (b) => formatDate(b.created_at),
        },
      ]}
    />
  );
}
