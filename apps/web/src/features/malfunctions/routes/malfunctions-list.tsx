import { PageHeader } from '../../../components/layout/page-header';

/** admin/malfunctions (being built). */
export default function MalfunctionsList() {
  return <PageHeader title="Storingen" />;
}
