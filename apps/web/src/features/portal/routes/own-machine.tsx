import { PageHeader } from '../../../components/layout/page-header';

/** machines/{id}: a customer's machine (being built). */
export default function OwnMachine() {
  return <PageHeader title="Machine" />;
}
