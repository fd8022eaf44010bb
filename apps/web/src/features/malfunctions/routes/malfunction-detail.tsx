import { PageHeader } from '../../../components/layout/page-header';

/** admin/malfunctions/{id} (being built). */
export default function MalfunctionDetail() {
  return <PageHeader title="Storing" />;
}
