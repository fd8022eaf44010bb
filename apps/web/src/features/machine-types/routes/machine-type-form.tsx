import { useParams } from 'react-router';
import { NamedFormPage } from '../../../components/form/named-form-page';
import { machineTypesResource } from '../api/machine-types';

/** admin/machine-types/create and admin/machine-types/{id}/edit */
export default function MachineTypeForm() {
  const { id } = useParams();
  return (
    <NamedFormPage
      resource={machineTypesResource}
      id={id ? Number(id) : undefined}
      newTitle="Nieuw machinetype"
      crumbs={[{ label: 'Machinetypes', to: '/admin/machine-types' }]}
      backTo="/admin/machine-types"
    />
  );
}
