import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturingOutlined';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../auth/api/auth';

/** machines: the customer's own machines. Filled once machines exist. */
export default function MyMachines() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title="Mijn machines" crumbs={user.customer_name ? [{ label: user.customer_name }] : undefined} />
      <EmptyState
        title="Nog geen machines"
        icon={<PrecisionManufacturingIcon sx={{ fontSize: 48, mb: 1 }} color="disabled" />}
      >
        Er zijn nog geen machines van jouw bedrijf geregistreerd.
      </EmptyState>
    </>
  );
}
